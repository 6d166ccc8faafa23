/**
 * Professional English a general checker gets wrong: what the writing checker never flags
 * (decision 050). Pure, so a checker on the device can apply the same exceptions.
 */

export interface TextRange {
  start: number;
  end: number;
}

/**
 * Web addresses, email addresses, file names, `code in backticks`, units after a number and
 * percentiles (p95 latency): never checked.
 */
const PROTECTED = [
  /`[^`\n]*`/g,
  /\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)'\]]/giu,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu,
  // Bare domains and file names with a dot inside a word: skillway.app, report.pdf
  /\b[\w-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|app|dev|ai|co|edu|gov|pdf|docx?|xlsx?|csv|json|md|ts|tsx|js|py|yaml|yml)\b/giu,
  // A unit after a number: 420 ms, 2.5 GB, 60 fps, 3 hrs, 10k
  /\b\d+(?:[.,]\d+)*\s?(?:ns|µs|μs|ms|s|secs?|mins?|hrs?|h|[KMGTP]i?B|kB|[KMG]b|px|pt|rem|em|fps|rps|qps|[kKM]|bn)(?![\p{L}\p{N}])/gu,
  // A percentile: p50, p95, P99, p99.9
  /(?<![\p{L}\p{N}])[pP]\d{1,2}(?:\.\d+)?(?![\p{L}\p{N}])/gu,
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

/** A title before a name: "Dr. Okafor", "Mr Tanaka", "Prof. Wójcik". */
const HONORIFIC =
  /(?<![\p{L}\p{N}])(?:Mr|Mrs|Ms|Mx|Dr|Prof|Rev|Hon|Capt|Sgt|Lt|Col|Gen|Sir|Dame|Lady|Lord)\.?\s+$/u;
export const afterHonorific = (text: string, start: number) =>
  HONORIFIC.test(text.slice(Math.max(0, start - 12), start));

/** Edits (insert, delete, replace, swap two neighbors) between two words. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** Suggestions this close to an unknown word mean a typo (Recieve → Receive), not a name. */
const TYPO_EDITS = 2;

/**
 * Whether an unknown capitalized word is most likely a name (Priya Raman, Wójcik): after a
 * title (Dr. Okafor); inside a sentence; before another capitalized word (Priya Raman
 * said…); or at a sentence's start when no suggestion is a near spelling of it (Ifeoma led
 * the launch; but Managment approved → Management is a typo). `suggestions` are the
 * checker's replacements for it.
 */
export function likelyName(
  text: string,
  start: number,
  end: number,
  suggestions: readonly string[],
): boolean {
  const word = text.slice(start, end);
  if (!/^\p{Lu}/u.test(word)) return false;
  if (afterHonorific(text, start)) return true;
  const before = text.slice(0, start).trimEnd();
  const midSentence = before !== '' && !/[.!?:]["'”’)]*$/u.test(before);
  if (midSentence || /^\s+\p{Lu}\p{Ll}/u.test(text.slice(end))) return true;
  const lower = word.toLowerCase();
  return suggestions.every((s) => editDistance(s.toLowerCase(), lower) > TYPO_EDITS);
}

/** "there" after a form of "be", "have" or a modal asks or says that something exists. */
const BEFORE_EXISTENTIAL_THERE =
  /(?<![\p{L}])(?:is|are|was|were|isn['’]t|aren['’]t|wasn['’]t|weren['’]t|will|won['’]t|would|could|should|might|may|must|can|has|have|had)\s+$/iu;
const DETERMINER =
  /(?<![\p{L}])(?:this|that|these|those|the|a|an|our|your|their|my|his|her|its|each|every|no|any|some)\s+$/iu;
const VERB_AFTER_SUBJECT =
  /^\s*(?:has|have|had|is|are|was|were|will|would|can|could|should|may|might|must|does|do|did)(?![\p{L}])/iu;

/** What to do with a finding from one of Harper's rules where its context matches. */
export interface HarperRuleException {
  rule: string;
  /** Why the finding is wrong or not an error there. */
  why: string;
  /** The context it misfires in; without it, every finding of the rule. */
  when?: (text: string, start: number, end: number) => boolean;
  becomes: 'dropped' | 'suggestion';
}

/**
 * Harper's rules that misfire on correct professional English, each where its context
 * matches (decision 052). Harper's rule names are its own (`organizedLints`); an
 * on-device Harper gives the same names.
 */
export const HARPER_RULE_EXCEPTIONS: readonly HarperRuleException[] = [
  {
    rule: 'ThereToTheir',
    why: '"Is there budget for…?": "there" after "is", "are", "will"… asks whether something exists.',
    when: (text, start) =>
      BEFORE_EXISTENTIAL_THERE.test(text.slice(Math.max(0, start - 12), start)),
    becomes: 'dropped',
  },
  {
    rule: 'MissingPreposition',
    why: '"This release has…": a noun after a determiner and before its verb needs no preposition.',
    when: (text, start, end) =>
      DETERMINER.test(text.slice(Math.max(0, start - 8), start)) &&
      VERB_AFTER_SUBJECT.test(text.slice(end)),
    becomes: 'dropped',
  },
  {
    rule: 'UpdatePlaceNames',
    why: 'A place’s former name (Bangalore, Bombay) is still widely used: a suggestion, not an error.',
    becomes: 'suggestion',
  },
  {
    rule: 'ExpandTimeShorthands',
    why: 'Shorthands such as "ms" and "hrs" are normal in technical writing: a suggestion at most.',
    becomes: 'suggestion',
  },
];

/** What the exceptions make of a Harper finding by `rule` on text.slice(start, end). */
export function harperException(
  rule: string,
  text: string,
  start: number,
  end: number,
): HarperRuleException['becomes'] | null {
  const trimmedEnd = start + text.slice(start, end).trimEnd().length;
  const e = HARPER_RULE_EXCEPTIONS.find(
    (x) => x.rule === rule && (x.when?.(text, start, trimmedEnd) ?? true),
  );
  return e?.becomes ?? null;
}
