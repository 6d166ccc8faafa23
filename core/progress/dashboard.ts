import { addDays, type DayKey } from '../dates';
import type { GoalProgress } from './goal';
import type { ItemKind } from '../items/items';

/** The calendar, points-over-time and streak window: 12 weeks ending today. */
export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_DAYS = DASHBOARD_WEEKS * 7;
/** How many weakest topics and next planned items the dashboard lists. */
export const WEAKEST_TOPICS = 3;
export const NEXT_PLANNED = 5;

export interface DashboardTopic {
  topic: string;
  title: string;
  group: string;
  /** 0–100 from the latest quiz, or null when the topic has no quiz yet. */
  score: number | null;
}

export interface DashboardListCounts {
  planned: number;
  completed: number;
  saved: number;
}

export interface DashboardNextItem {
  kind: ItemKind;
  id: string;
  title: string;
  href: string;
}

/** GET /api/dashboard?tz= — everything the results dashboard shows, for the session user. */
export interface Dashboard {
  /** The zone the days below are in, as sent, and today's date there. */
  timeZone: string;
  today: DayKey;
  points: {
    total: number;
    /** Points per content tag (the ledger's 'total' row is `total` above). */
    byTag: Record<string, number>;
    /** Points earned per day, the last 84 days ending today, oldest first. */
    byDay: { date: DayKey; points: number }[];
  };
  grammar: {
    /** All 25 topics in the menu's group order. */
    topics: DashboardTopic[];
    deepDive: { answered: number; correct: number; total: number };
    /** Up to 3 scored topics, lowest score first. */
    weakest: { topic: string; title: string; score: number }[];
  };
  lists: Record<ItemKind, DashboardListCounts>;
  /** Up to 5 planned items across sections, planned longest ago first. */
  next: DashboardNextItem[];
  /**
   * Per day, the last 84 days ending today, oldest first: item visits, and answers — single
   * (deep-dive) answers plus every question of a submitted quiz.
   */
  calendar: { date: DayKey; visits: number; answers: number }[];
  /** The daily points goal: today's progress and the streak (the app's one) with its freezes. */
  goal: GoalProgress;
}

/**
 * GET /api/dashboard/today?tz= — what the navigation and Today show: the goal and the streak
 * with its freezes, the review cards due today (up to the daily caps), the first planned item.
 */
export interface TodayGlance {
  goal: GoalProgress;
  due: number;
  /** The item planned longest ago that is still in the content, or null. */
  planned: DashboardNextItem | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Valid zone names are a bounded set, but keep the cache from growing without limit.
    if (formatters.size > 1000) formatters.clear();
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day an instant falls on in a zone, e.g. 2026-03-05T20:00Z in Asia/Kolkata → '2026-03-06'. */
export function zoneDayKey(instant: Date | string | number, timeZone: string): DayKey {
  const date = instant instanceof Date ? instant : new Date(instant);
  const parts: Record<string, string> = {};
  for (const p of dayFormatter(timeZone).formatToParts(date)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `count` consecutive days ending with `last`, oldest first. */
export function daysEnding(last: DayKey, count: number): DayKey[] {
  return Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
}

/**
 * Sums per-day values into consecutive 7-day weeks, the last week ending on the last day.
 * Days before a whole week at the start are dropped.
 */
export function weeklyTotals(
  byDay: readonly { date: DayKey; points: number }[],
): { start: DayKey; end: DayKey; points: number }[] {
  const weeks: { start: DayKey; end: DayKey; points: number }[] = [];
  for (let end = byDay.length; end - 7 >= 0; end -= 7) {
    const slice = byDay.slice(end - 7, end);
    weeks.unshift({
      start: slice[0]?.date ?? '',
      end: slice[6]?.date ?? '',
      points: slice.reduce((s, d) => s + d.points, 0),
    });
  }
  return weeks;
}
