import { z } from 'zod';
import { MAX_EVENTS_PER_BATCH } from './constants';

/** One page view (route or hash change) or one named event such as the conversion. */
export const ZPageView = z.strictObject({
  type: z.literal('page_view'),
  path: z.string().startsWith('/').max(512),
  hash: z.string().max(256).default(''),
});

export const ZNamedEvent = z.strictObject({
  type: z.literal('event'),
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'Event names are lower_snake_case, at most 64 characters'),
  value: z.number().finite().min(0).max(1_000_000).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Currency is a three-letter ISO 4217 code')
    .optional(),
});

export const ZAnalyticsEvent = z.discriminatedUnion('type', [ZPageView, ZNamedEvent]);
export type TAnalyticsEvent = z.infer<typeof ZAnalyticsEvent>;

export const ZAnalyticsBatch = z.strictObject({
  events: z.array(ZAnalyticsEvent).min(1).max(MAX_EVENTS_PER_BATCH),
});
