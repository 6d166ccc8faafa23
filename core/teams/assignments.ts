import { DEEP_DIVE_COUNT, TOPIC_SCORE_THRESHOLD } from '../constants';
import { CONTENT_KIND, CONTENT_KINDS, type AssignableKind } from '../content/kinds';
import { formatDayMonth, type DayKey } from '../dates';

/**
 * Team assignments: content an admin sets for the whole team or chosen members, with an
 * optional due date. Status is computed from what the app already records about each
 * member (server/features/teams/assignments.ts gathers the facts; the rule is here).
 */

/** The kinds a team may assign, in the table's order (core/content/kinds.ts). */
export const ASSIGNMENT_KINDS = CONTENT_KINDS.filter(
  (k): k is AssignableKind => CONTENT_KIND[k].assignable,
) as [AssignableKind, ...AssignableKind[]];
export type AssignmentKind = AssignableKind;

/** What each kind is called in forms, lists and the CSV: the table's name. */
export const ASSIGNMENT_KIND_NAMES = Object.fromEntries(
  ASSIGNMENT_KINDS.map((k) => [k, CONTENT_KIND[k].name]),
) as Record<AssignmentKind, string>;

/** What "done" means for each kind, said where an admin assigns and where a member reads. */
export const ASSIGNMENT_DONE_WHEN: Record<AssignmentKind, string> = {
  topic: `a topic quiz scored above ${TOPIC_SCORE_THRESHOLD}%`,
  'deep-dive': `all ${DEEP_DIVE_COUNT} deep-dive questions answered`,
  'word-set': 'every word of the set marked Completed',
  prompt: 'the prompt marked Completed',
  insight: 'the insight marked Completed',
  'interview-list': 'every question of the list marked Completed',
  activity: 'the activity marked Completed',
};

/** The one content id of the deep dive (it has no other). */
export const DEEP_DIVE_CONTENT_ID = 'deep-dive';
/** A team's open assignments are capped so its pages and progress stay readable. */
export const MAX_TEAM_ASSIGNMENTS = 100;
export const ASSIGNMENT_NOTE_MAX = 280;

export const ASSIGNMENT_STATUSES = ['not-started', 'in-progress', 'done'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const ASSIGNMENT_STATUS_NAMES: Record<AssignmentStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  done: 'Done',
};

/** One part of an assignment (a word of a set, a question of a list…) as a member left it. */
export interface PartProgress {
  done: boolean;
  started: boolean;
}

/**
 * Done when every part is done; in progress when any part was started or done; else not
 * started. Counted from everything the member has done, before the assignment too: a word
 * completed last month counts.
 */
export function assignmentStatus(parts: readonly PartProgress[]): AssignmentStatus {
  if (parts.length > 0 && parts.every((p) => p.done)) return 'done';
  return parts.some((p) => p.started || p.done) ? 'in-progress' : 'not-started';
}

/** Whether an assignment is past its due date (the day after it, in the reader's zone) and not done. */
export function isOverdue(dueOn: DayKey | null, status: AssignmentStatus, today: DayKey): boolean {
  return dueOn !== null && status !== 'done' && dueOn < today;
}

/** An assignment as the API answers it. */
export interface AssignmentView {
  id: string;
  kind: AssignmentKind;
  contentId: string;
  title: string;
  /** The page where a member does it. */
  href: string;
  dueOn: DayKey | null;
  note: string | null;
  /** True when set for the whole team (members who join later get it too). */
  everyone: boolean;
  createdAt: string;
  createdBy: string | null;
}

/** A member's own assignment, with its status for them. */
export interface MyAssignment extends AssignmentView {
  teamName: string;
  teamSlug: string;
  status: AssignmentStatus;
  /** How many parts are done, of how many (3 of 12 words). */
  done: number;
  of: number;
}

/**
 * An assignment as its team's admins see it in the list: how many members it is for, how
 * many are done and how many are overdue. Each member's status is a page of its own
 * (AssignmentMembersPage), so the list costs the same for a team of 5 or 5,000.
 */
export interface TeamAssignment extends AssignmentView {
  /** The members it is for: the whole team, or the chosen members still in it. */
  audience: number;
  done: number;
  overdue: number;
}

/** Assignments the list shows per page (a team has at most MAX_TEAM_ASSIGNMENTS). */
export const ASSIGNMENTS_PAGE_SIZE = 10;

/** A page of the team's assignments, newest first, and what may be assigned. */
export interface TeamAssignmentsPage {
  assignments: TeamAssignment[];
  total: number;
  page: number;
  size: number;
  assignable: AssignableContent[];
}

/** One member's status on an assignment. */
export interface AssignmentMemberStatus {
  userId: string;
  name: string;
  status: AssignmentStatus;
  /** How many parts are done, of how many. */
  done: number;
  of: number;
}

/**
 * What "Status by member" filters on: a status, or overdue (past the due date, not done).
 */
export const MEMBER_STATUS_FILTERS = [...ASSIGNMENT_STATUSES, 'overdue'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];

/** A page of the members an assignment is for, by name, with their status. */
export interface AssignmentMembersPage {
  members: AssignmentMemberStatus[];
  total: number;
  page: number;
  size: number;
}

/** Something an admin may assign: a kind's content, by id and title. */
export interface AssignableContent {
  kind: AssignmentKind;
  id: string;
  title: string;
  /** A group heading for long lists (the grammar group, the interview type). */
  group?: string;
}

/** A due date as "31 Jan" (the day itself, whatever the reader's zone). */
export const formatDue = (dueOn: DayKey) => formatDayMonth(`${dueOn}T00:00:00Z`, 'UTC');

/** "Due 31 Jan", "Overdue · was due 2 Jan", or null without a due date. */
export function dueLabel(
  dueOn: DayKey | null,
  status: AssignmentStatus,
  today: DayKey,
): string | null {
  if (dueOn === null) return null;
  const day = formatDue(dueOn);
  return isOverdue(dueOn, status, today) ? `Overdue · was due ${day}` : `Due ${day}`;
}
