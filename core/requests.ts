import { z } from 'zod';
import { RATING_MAX, SKILL_BASELINE } from './constants';
import { ITEM_STATUSES, MAX_ENTRIES, MAX_ENTRIES_BYTES } from './items/items';
import { MATCH_MAX_MS, MATCH_MIN_MS } from './vocabulary/match';
import {
  ASSIGNMENT_KINDS,
  ASSIGNMENT_NOTE_MAX,
  ASSIGNMENTS_PAGE_SIZE,
  MAX_TEAM_ASSIGNMENTS,
  MEMBER_STATUS_FILTERS,
} from './teams/assignments';
import {
  REPORT_PAGE_SIZE,
  REPORT_PAGE_SIZE_MAX,
  REPORT_SEARCH_MAX,
  REPORT_SORTS,
} from './teams/report';
import { ZEmailAddress } from './account/email';
import { REVIEW_TYPED_MAX } from './review/results';
import { WRITING_CHECK_MAX_CHARS } from './writing/findings';
import { TARGET_PROFILE_IDS } from './content/skill-ids';
import { INVITE_ROLES, TEAM_ROLES, TEAM_SLUG_MAX, teamSlugProblem } from './teams/teams';
import {
  BULK_INVITE_MAX,
  joinDomainProblem,
  splitAddressList,
  teamNameProblem,
} from './teams/onboarding';

// The request bodies, queries and params the server validates, apart from the constants and
// helpers the app imports from core/, so the app's bundle carries no zod.

/**
 * Zones Intl knew, lower-cased: asking Intl costs ~40 µs a request (it builds a formatter),
 * and the grammar answer's hot path sends a zone. Bounded by the zones there are (~600).
 */
const knownZones = new Set<string>();

/** True when Intl knows the zone (IANA names such as 'Asia/Kolkata', any case). */
export function isTimeZone(tz: string): boolean {
  const key = tz.toLowerCase();
  if (knownZones.has(key)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    knownZones.add(key);
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name this runtime knows. */
export const ZZoneName = z
  .string()
  .max(64)
  .refine(isTimeZone, 'Unknown time zone; send an IANA name such as Europe/Berlin');

/** A request's zone, UTC when left out. */
const ZTimeZone = ZZoneName.default('UTC');

/** GET /api/dashboard?tz= */
export const ZDashboardQuery = z.object({ tz: ZTimeZone });

/** GET /api/review?tz=&mode=catch-up */
export const ZReviewQuery = z.object({ tz: ZTimeZone, mode: z.literal('catch-up').optional() });
/** GET /api/review/count?tz= and POST …/answer?tz= */
export const ZReviewTzQuery = z.object({ tz: ZTimeZone });

export const ZReviewCardParam = z.object({ cardId: z.string().min(3).max(140) });

/** A review answer gives exactly one of `choiceIndex` and `typed` (the card says which). */
export function oneReviewAnswer(
  body: { choiceIndex?: number | undefined; typed?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if ((body.choiceIndex === undefined) === (body.typed === undefined))
    ctx.addIssue({
      code: 'custom',
      message:
        'Send either choiceIndex (a multiple-choice card) or typed (a card that asks for the word), not both',
      path: [],
    });
}

/** The review answer's fields, for the sync op that carries the same answer. */
export const reviewAnswerFields = {
  /** The option chosen, in the order the card showed. */
  choiceIndex: z.number().int().min(0).max(3).optional(),
  /** The word typed; graded tolerant of case and spaces, strict on spelling. */
  typed: z
    .string()
    .min(1)
    .max(REVIEW_TYPED_MAX)
    .refine((s) => s.trim() !== '', 'typed must not be blank')
    .optional(),
};

/** POST /api/review/:cardId/answer: `{ choiceIndex }` or `{ typed }`, and a reviewId. */
export const ZReviewAnswer = z
  .strictObject({
    ...reviewAnswerFields,
    /** Made by the client per answer, so a retried or replayed answer applies once. */
    reviewId: z.uuid().optional(),
  })
  .superRefine(oneReviewAnswer);
export type TReviewAnswer = z.infer<typeof ZReviewAnswer>;

/** POST /api/grammar/answers?tz= and /attempts?tz=: the zone the daily goal's day is counted in. */
export const ZGrammarWriteQuery = z.object({ tz: ZTimeZone });

/** POST /api/grammar/answers */
export const ZAnswerRequest = z.strictObject({
  questionId: z.string().min(1).max(80),
  choiceIndex: z.number().int().min(0).max(3),
});
export type TAnswerRequest = z.infer<typeof ZAnswerRequest>;

/** POST /api/grammar/attempts */
export const ZAttemptRequest = z.strictObject({
  /** Made by the client once per quiz run, so a retried submit is recognized. */
  attemptId: z.uuid(),
  topicId: z.string().min(1).max(80),
  /**
   * The questions this run asked, in order (core/grammar/quiz-pick.ts). Absent: every
   * question of the topic, as runs kept offline before rotation still send.
   */
  questionIds: z.array(z.string().min(1).max(80)).min(1).max(100).optional(),
  /** The chosen option for every question asked, in order. */
  answers: z.array(z.number().int().min(0).max(3)).min(1).max(100),
});
export type TAttemptRequest = z.infer<typeof ZAttemptRequest>;

/** PUT /api/skills/:skillId — a whole number from 1 to 5, nothing else. */
export const ZSkillScoreRequest = z.strictObject({
  score: z.number().int().min(SKILL_BASELINE).max(RATING_MAX),
});

/** A record's entries (a draft, an application, activity answers): at most 50 and 32 KiB. */
export const ZEntries = z
  .array(z.unknown())
  .max(MAX_ENTRIES, `At most ${MAX_ENTRIES} entries`)
  .refine(
    (e) => {
      // JSON.stringify overflows the stack on values nested a few thousand levels deep
      // (which JSON.parse accepts): such entries are refused, not a 500.
      try {
        return new TextEncoder().encode(JSON.stringify(e)).length <= MAX_ENTRIES_BYTES;
      } catch {
        return false;
      }
    },
    `Entries may take at most ${MAX_ENTRIES_BYTES / 1024} KiB`,
  );

/** GET and POST /api/vocabulary/:set/match: a word set's id (unknown ones are 404). */
export const ZWordSetParam = z.object({ set: z.string().min(1).max(120) });

/** POST /api/vocabulary/:set/match: a Match game's result, whole ms within the bounds. */
export const ZMatchTime = z.strictObject({
  ms: z.number().int().min(MATCH_MIN_MS).max(MATCH_MAX_MS),
});

/** Updates to a record; only the fields a kind has are accepted (checked by the server). */
export const ZItemPatch = z
  .strictObject({
    liked: z.boolean().optional(),
    status: z.enum(ITEM_STATUSES).optional(),
    entries: ZEntries.optional(),
    showAgain: z.boolean().optional(),
    gameScore: z.number().int().min(0).max(100).optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change');
export type TItemPatch = z.infer<typeof ZItemPatch>;

/** POST /api/teams */
export const ZCreateTeam = z.strictObject({
  name: z
    .string()
    .trim()
    .superRefine((name, ctx) => {
      const problem = teamNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  slug: z.string().superRefine((slug, ctx) => {
    const problem = teamSlugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
export type TCreateTeam = z.infer<typeof ZCreateTeam>;

/** PATCH /api/teams/:slug: a new name (the address stays: links to the team keep working). */
export const ZRenameTeam = ZCreateTeam.pick({ name: true });
export type TRenameTeam = z.infer<typeof ZRenameTeam>;

/** :slug of /api/teams/:slug/… (a team that does not exist is 404, not 400) */
export const ZTeamParam = z.object({ slug: z.string().min(1).max(TEAM_SLUG_MAX) });
/** :slug and the :id of an invitation or a membership */
export const ZTeamInvitationParam = z.object({
  slug: z.string().min(1).max(TEAM_SLUG_MAX),
  id: z.string().min(1).max(100),
});
export const ZInvitationParam = z.object({ id: z.string().min(1).max(100) });

/** POST /api/teams/:slug/invitations */
export const ZInvite = z.strictObject({
  email: ZEmailAddress,
  role: z.enum(INVITE_ROLES),
});
export type TInvite = z.infer<typeof ZInvite>;

/**
 * POST /api/teams/:slug/invitations/bulk: addresses pasted in one box (commas, semicolons,
 * spaces or line breaks between them), at most BULK_INVITE_MAX; each is checked on its own.
 */
export const ZBulkInvite = z.strictObject({
  emails: z
    .string()
    .max(BULK_INVITE_MAX * 260)
    .superRefine((text, ctx) => {
      const n = splitAddressList(text).length;
      if (n === 0) ctx.addIssue({ code: 'custom', message: 'Paste at least one email address.' });
      if (n > BULK_INVITE_MAX)
        ctx.addIssue({
          code: 'custom',
          message: `At most ${BULK_INVITE_MAX} addresses at a time (you pasted ${n}).`,
        });
    }),
  role: z.enum(INVITE_ROLES),
});
export type TBulkInvite = z.infer<typeof ZBulkInvite>;

/** PUT /api/teams/:slug/join-link: turn it on, with or without a domain restriction. */
export const ZJoinLinkSettings = z.strictObject({
  emailDomain: z
    .string()
    .trim()
    .toLowerCase()
    .transform((d) => d.replace(/^@/, ''))
    .superRefine((d, ctx) => {
      const problem = d === '' ? null : joinDomainProblem(d);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((d) => (d === '' ? null : d))
    .nullable(),
});
export type TJoinLinkSettings = z.infer<typeof ZJoinLinkSettings>;

/** :token of /api/teams/join/:token (an unknown token is 404; a malformed one too). */
export const ZJoinParam = z.object({ token: z.string().min(1).max(100) });

/** PATCH /api/teams/:slug/members/:id */
export const ZRoleChange = z.strictObject({ role: z.enum(TEAM_ROLES) });
export type TRoleChange = z.infer<typeof ZRoleChange>;

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
export const ZDayKey = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Send the date as YYYY-MM-DD')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
  }, 'This date does not exist');

/** POST /api/teams/:slug/assignments (no members: the whole team) */
export const ZCreateAssignment = z.strictObject({
  kind: z.enum(ASSIGNMENT_KINDS),
  contentId: z.string().min(1).max(100),
  dueOn: ZDayKey.nullable().optional(),
  note: z
    .string()
    .max(ASSIGNMENT_NOTE_MAX, `The note can be at most ${ASSIGNMENT_NOTE_MAX} characters`)
    .optional(),
  members: z.array(z.string().min(1).max(100)).max(1000).optional(),
});
export type TCreateAssignment = z.infer<typeof ZCreateAssignment>;

/**
 * PATCH /api/teams/:slug/assignments/:id: a new due date (null takes it away) or note ("" takes
 * it away). What is assigned and to whom stay: for those, remove it and assign again.
 */
export const ZEditAssignment = ZCreateAssignment.pick({ dueOn: true, note: true }).refine(
  (p) => Object.keys(p).length > 0,
  'Send at least one field to change',
);
export type TEditAssignment = z.infer<typeof ZEditAssignment>;

/** GET /api/teams/:slug/progress.csv?tz=&target= (and the overview, without target) */
export const ZTeamProgressQuery = z.object({
  tz: ZTimeZone,
  /** A target profile for everyone; without it, each member is measured against their own. */
  target: z.enum(TARGET_PROFILE_IDS).optional(),
});

/** GET /api/teams/:slug/progress/overview?tz= */
export const ZTeamOverviewQuery = z.object({ tz: ZTimeZone });

/** A query flag: `1` turns it on, `0` or nothing leaves it off. */
const ZFlag = z
  .enum(['0', '1'])
  .default('0')
  .transform((v) => v === '1');

/**
 * GET /api/teams/:slug/progress?tz=&target=&page=&size=&sort=&q=&overdue=1&below=1: one page of
 * the report, sorted and filtered (core/teams/report.ts).
 */
export const ZTeamReportQuery = ZTeamProgressQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(REPORT_PAGE_SIZE),
  sort: z.enum(REPORT_SORTS).default('name'),
  q: z.string().trim().max(REPORT_SEARCH_MAX).default(''),
  overdue: ZFlag,
  below: ZFlag,
});
export type TTeamReportQuery = z.infer<typeof ZTeamReportQuery>;

/** GET /api/teams/:slug/assignments?page=&size= and …/assignments/:id/members?…&status=&q= */
export const ZAssignmentsQuery = z.object({
  tz: ZTimeZone,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_TEAM_ASSIGNMENTS).default(ASSIGNMENTS_PAGE_SIZE),
});
export const ZAssignmentMembersQuery = ZAssignmentsQuery.extend({
  size: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(REPORT_PAGE_SIZE),
  status: z.enum(MEMBER_STATUS_FILTERS).optional(),
  q: z.string().trim().max(REPORT_SEARCH_MAX).default(''),
});
export type TAssignmentMembersQuery = z.infer<typeof ZAssignmentMembersQuery>;

/** POST /api/writing/check: the text to check, at most 10,000 characters (decision 050). */
export const ZWritingCheckRequest = z.strictObject({
  text: z.string().max(WRITING_CHECK_MAX_CHARS, {
    error: `Check at most ${WRITING_CHECK_MAX_CHARS.toLocaleString('en-US')} characters at a time`,
  }),
});

/** POST /api/review/practice: a grammar topic the learner's writing keeps getting wrong (decision 053). */
export const ZPracticeRequest = z.strictObject({ topic: z.string().min(1).max(100) });
