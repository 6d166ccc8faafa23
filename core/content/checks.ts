import { z } from 'zod';
import { ZSlug, ZText } from './common';

/**
 * A checkable mistake: one mistake a grammar lesson teaches, written so the writing checker
 * (server/features/writing/) can find it in a learner's text. Each topic's YAML lists its
 * mistakes under `checks:`; every finding a check raises names that topic and links to its
 * lesson, so a new lesson brings its own checks. Decision 050 explains the form.
 *
 * A check has exactly one of:
 * - `match`: a compromise match pattern (https://observablehq.com/@spencermountain/compromise-match-syntax),
 *   matched word by word, case-insensitively, against the text's parsed sentences. Tags like
 *   `#Plural`, `#Noun`, `#PastTense`, `#Gerund`, `#Value`; `{discuss}` for any form of a verb
 *   or noun; `(a|b)` for choices; `?` optional; `+` one or more; `.` any word. Contractions are
 *   expanded: "haven't" matches `have not`. Prefer `match` whenever parts of speech matter.
 * - `regex`: a JavaScript regular expression (no slashes, flags are always `giu`), for fixed
 *   strings that compromise would tokenize awkwardly (hyphens, digits, punctuation).
 *
 * The span a finding underlines is the whole match, or the capture group named `flag` when
 * the pattern has one (compromise: `[<flag>...]`; regex: `(?<flag>...)`), so a pattern can
 * need context ("nobody ... haven't they") without underlining all of it.
 *
 * `suggest` lists replacements for the span. `{name}` inserts the text of the capture group
 * `name` (compromise `[<name>...]`, regex `(?<name>...)`); `{flag}` is the flagged text. A
 * suggestion keeps the span's initial capital. Leave `suggest` out when the fix needs a
 * rewrite the learner must choose (the message then says what to do).
 *
 * `matchCase: true` (regex only) drops the `i` flag for the check and its `unless` patterns, so
 * a pattern can tell a name from a common noun: `[a-z]+'s` then matches "team's", not "Maria's".
 *
 * `unless` lists patterns in the same syntax as the check's own: when one of them matches
 * anywhere in the same sentence, the check stays quiet (for idioms such as "more or less").
 *
 * `wrong` is a sentence that must raise this check with `flag` as the underlined text (it
 * must occur in `wrong`); `right` is a correct professional sentence that must not raise it.
 * scripts/check-grammar-content.ts runs both through the checker.
 *
 * Example (content/grammar/topics/countable-uncountable-nouns.yaml has the complete set):
 *
 *   checks:
 *     - id: less-with-plural
 *       match: "[<flag>less] [<noun>#Plural]"
 *       unless: ["less #Plural than"]
 *       message: "Use fewer with countable plural nouns such as bugs or meetings."
 *       suggest: ["fewer"]
 *       wrong: "We have less bugs this sprint."
 *       flag: "less"
 *       right: "We have fewer bugs this sprint."
 */
export const ZWritingCheck = z
  .strictObject({
    id: ZSlug,
    match: ZText(2, 300).optional(),
    regex: ZText(2, 300).optional(),
    unless: z.array(ZText(2, 300)).min(1).max(6).optional(),
    matchCase: z.boolean().optional(),
    /** One line: what is wrong and why, in the lesson's words. */
    message: ZText(10, 200),
    suggest: z.array(ZText(0, 120)).min(1).max(4).optional(),
    /** "error" for grammar, spelling and usage; "suggestion" for style (wordiness, hedges). */
    severity: z.enum(['error', 'suggestion']).default('error'),
    wrong: ZText(3, 300),
    flag: ZText(1, 120),
    right: ZText(3, 300),
  })
  .superRefine((c, ctx) => {
    if ((c.match === undefined) === (c.regex === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['match'],
        message: 'Give exactly one of match or regex',
      });
    }
    if (c.matchCase !== undefined && c.regex === undefined) {
      ctx.addIssue({ code: 'custom', path: ['matchCase'], message: 'matchCase needs a regex' });
    }
    if (c.regex !== undefined) {
      try {
        new RegExp(c.regex, 'giu');
      } catch (e) {
        ctx.addIssue({ code: 'custom', path: ['regex'], message: (e as Error).message });
      }
    }
    if (!c.wrong.includes(c.flag)) {
      ctx.addIssue({ code: 'custom', path: ['flag'], message: 'flag must be part of wrong' });
    }
    const groups = new Set(checkGroupNames(c.match ?? c.regex ?? ''));
    for (const s of c.suggest ?? []) {
      for (const [, name = ''] of s.matchAll(/\{(\w+)\}/g)) {
        if (name !== 'flag' && !groups.has(name)) {
          ctx.addIssue({
            code: 'custom',
            path: ['suggest'],
            message: `"{${name}}" names no capture group in the pattern`,
          });
        }
      }
    }
  });
export type TWritingCheck = z.infer<typeof ZWritingCheck>;

/** The named capture groups of a check's pattern: `<name>` in both syntaxes. */
export function checkGroupNames(pattern: string): string[] {
  return [...pattern.matchAll(/<(\w+)>/g)].map((m) => m[1]!);
}

/**
 * Checks a topic must have. scripts/check-grammar-content.ts enforces it once
 * REQUIRE_CHECKS is on (every topic's checks are written).
 */
export const MIN_CHECKS_PER_TOPIC = 8;
export const REQUIRE_CHECKS = true;
