/**
 * The team progress report in pages (docs/decisions/047-team-reports-that-scale.md): what an
 * admin may sort and filter the members by, what "below target" means, and the shapes of a
 * page and of the team overview. The server sorts and filters in SQL; the rules are here.
 */
import type { TeamProgress } from './teams';

/** Members per page: 50 unless asked, at most 100. */
export const REPORT_PAGE_SIZE = 50;
export const REPORT_PAGE_SIZE_MAX = 100;
/** The longest search a report takes (a name or an email address, or part of one). */
export const REPORT_SEARCH_MAX = 100;

/**
 * What the member table sorts by: name (A to Z), points in the last 7 days (most first),
 * average topic score (highest first, members without a quiz last) or overdue assignments
 * (most first). Ties fall back to the name.
 */
export const REPORT_SORTS = ['name', 'points', 'topics', 'overdue'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_SORT_NAMES: Record<ReportSort, string> = {
  name: 'Name',
  points: 'Points, last 7 days',
  topics: 'Topic average',
  overdue: 'Overdue work',
};

/** Days a member's weekly target covers: the daily goal, every day of the last 7. */
export const TARGET_DAYS = 7;

/**
 * A member is below target when their points in the last 7 days are fewer than their daily
 * goal times 7: on average, they did not meet the goal they chose. A member without points
 * this week is below target (and inactive).
 */
export const isBelowTarget = (weekPoints: number, dailyGoal: number) =>
  weekPoints < dailyGoal * TARGET_DAYS;

/** Said beside the filter and in the overview, so "below target" is never a guess. */
export const BELOW_TARGET_MEANS = 'fewer points in the last 7 days than 7 days of their daily goal';

/** The report's sort and filters, as the page sends them and the server reads them. */
export interface ReportFilters {
  sort: ReportSort;
  /** Part of a name or an email address. */
  q: string;
  /** Only members with an assignment past its due date and not done. */
  overdue: boolean;
  /** Only members below target (isBelowTarget). */
  below: boolean;
}

export const NO_FILTERS: ReportFilters = { sort: 'name', q: '', overdue: false, below: false };

/** One page of the report: the members on it, and where it sits in the whole. */
export interface TeamProgressPage extends TeamProgress {
  /** Members matching the filters, across every page. */
  total: number;
  /** 1-based. */
  page: number;
  size: number;
}

/** A member named in the overview's "needs attention" lists. */
export interface AttentionMember {
  userId: string;
  name: string;
  email: string;
  /** Assignments past their due date and not done. */
  overdue: number;
  /** Points in the last 7 days. */
  points: number;
}

/** How many members are named per attention list; the count says how many there are. */
export const ATTENTION_LIST = 5;

/**
 * The team at a glance, answered with aggregates (GET /api/teams/:slug/progress/overview):
 * the team's points per week, how members spread over the weekly target, and who needs
 * attention.
 */
export interface TeamOverview {
  timeZone: string;
  today: string;
  weeks: { start: string; end: string; points: number }[];
  members: number;
  /** Members with points in the last 7 days / below target / at or over target. */
  activeThisWeek: number;
  belowTarget: number;
  onTarget: number;
  needsAttention: {
    overdue: { count: number; members: AttentionMember[] };
    inactive: { count: number; members: AttentionMember[] };
  };
}

/** Pages for `total` members at `size` a page (at least one, to show an empty page). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
