import type { SWRConfiguration } from 'swr';
import { SWR_SETTINGS } from '../../core/constants';

/** The spec's data-cache settings; fetchers are passed per hook. */
export const swrConfig: SWRConfiguration = { ...SWR_SETTINGS };

/** Content changes only with a deploy: load it once per app run, never on every visit. */
export const loadOnce = { revalidateIfStale: false } as const;
