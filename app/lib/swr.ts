import type { SWRConfiguration } from 'swr';
import { SWR_SETTINGS } from '../../core/constants';

/** The spec's data-cache settings; fetchers are passed per hook. */
export const swrConfig: SWRConfiguration = { ...SWR_SETTINGS };
