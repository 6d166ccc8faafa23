import type { Generated } from 'kysely';

/** Table types for Kysely. Timestamps are ISO-8601 UTC strings in both dialects. */
export interface AnalyticsEventTable {
  id: string;
  user_id: string | null;
  type: 'page_view' | 'event';
  name: string | null;
  path: string | null;
  hash: string | null;
  value: number | null;
  currency: string | null;
  created_at: string;
}

export interface Database {
  analytics_event: AnalyticsEventTable;
}

export type { Generated };
