import { paths } from '../../../core/paths';

/** Activities live inside /activity; the spec's `?activity=` parameter opens one. */
export const activityLink = (id: string) =>
  `${paths.activity()}?activity=${encodeURIComponent(id)}`;
