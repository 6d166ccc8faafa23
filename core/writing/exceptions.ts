/**
 * Professional English a general checker gets wrong: what the writing checker never flags
 * (decision 050). Pure, so a checker on the device can apply the same exceptions.
 */

export interface TextRange {
  start: number;
  end: number;
}

/** Web addresses, email addresses and `code in backticks`: never checked. */
const PROTECTED = [
  /`[^`\n]*`/g,
  /\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)'\]]/giu,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu,
  // Bare domains and file names with a dot inside a word: skillway.app, report.pdf
  /\b[\w-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|app|dev|ai|co|edu|gov|pdf|docx?|xlsx?|csv|json|md|ts|tsx|js|py|yaml|yml)\b/giu,
];

export function protectedRanges(text: string): TextRange[] {
  return PROTECTED.flatMap((re) =>
    [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length })),
  );
}

export const overlaps = (a: TextRange, b: TextRange) => a.start < b.end && b.start < a.end;

/** All capitals, digits allowed, a plural s allowed: API, KPIs, B2B, S3, Q4. */
const ACRONYM = /^(?=.*\p{Lu})[\p{Lu}\d&]{2,}(?:'?s)?$/u;
/** A capital inside the word: GitHub, iPhone, JavaScript, PowerPoint. */
const INNER_CAPITAL = /^\p{L}+\p{Ll}\p{Lu}\p{L}*$|^\p{Ll}\p{Lu}\p{L}*$/u;

/** Words in a finding's text, without the punctuation around them. */
function words(text: string): string[] {
  return text
    .split(/[\s/]+/u)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/**
 * Workplace words a general dictionary lacks or splits ("road map"): always accepted.
 * Lower case; a learner adds their own to the personal dictionary.
 */
export const WORKPLACE_WORDS: ReadonlySet<string> = new Set([
  'roadmap',
  'roadmaps',
  'onboarding',
  'offboarding',
  'standup',
  'standups',
  'dbt',
  'upskill',
  'upskilling',
  'reskilling',
  'signoff',
  'timebox',
  'timeboxed',
  'backlog',
  'backlogs',
  'stakeholder',
  'stakeholders',
  'deliverables',
  'runbook',
  'runbooks',
  'postmortem',
  'postmortems',
  'walkthrough',
  'dashboarding',
  'frontend',
  'backend',
  'fullstack',
  'webinar',
  'webinars',
]);

/**
 * Whether a checker's finding on `flagged` is a false alarm: every word in it is an acronym,
 * a product name with an inner capital, or a word in the learner's personal dictionary.
 */
export function isProtectedText(flagged: string, dictionary: ReadonlySet<string>): boolean {
  const ws = words(flagged);
  return (
    ws.length > 0 &&
    ws.every(
      (w) =>
        ACRONYM.test(w) ||
        INNER_CAPITAL.test(w) ||
        dictionary.has(w.toLowerCase()) ||
        WORKPLACE_WORDS.has(w.toLowerCase()),
    )
  );
}

/** A personal dictionary as the checker looks words up: each word of each entry, lower case. */
export const dictionarySet = (entries: readonly string[]) =>
  new Set(entries.flatMap((e) => words(e)).map((w) => w.toLowerCase()));
