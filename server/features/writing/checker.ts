import nlp from 'compromise/two';
import type { TGrammarTopic } from '../../../core/content/grammar';
import { paths } from '../../../core/paths';
import {
  dictionarySet,
  harperException,
  isProtectedText,
  likelyName,
  overlaps,
  protectedRanges,
} from '../../../core/writing/exceptions';
import type { WritingFinding } from '../../../core/writing/findings';
import { harper, harperFindings, pieces, type HarperFinding } from './harper';
import { RuleSet, type RuleFinding, type TopicCheck } from './rules';

/**
 * Harper's kinds of lint as the API's severities: style is a suggestion, the rest (spelling,
 * grammar, usage, punctuation) an error.
 */
const STYLE_KINDS = new Set([
  'Style',
  'Readability',
  'Redundancy',
  'Repetition',
  'Enhancement',
  'Formatting',
  'Regionalism',
  'WordOrder',
]);
export const harperSeverity = (kind: string): WritingFinding['severity'] =>
  STYLE_KINDS.has(kind) ? 'suggestion' : 'error';

/** Harper findings that one of our lessons obviously explains, by what their message says. */
const HARPER_TOPICS: [RegExp, string][] = [
  [/past participle|irregular|past tense/i, 'regular-irregular-verbs'],
  [/mass noun|uncountable|countable/i, 'countable-uncountable-nouns'],
  [/counterfactual|hypothetical|conditional/i, 'conditionals'],
  [/\b(?:comparative|superlative)\b/i, 'comparative-superlative-adjectives'],
  [/\bpassive\b/i, 'active-passive-voice'],
  [/`an?`|\barticles?\b/i, 'articles'],
  [/\bpronoun/i, 'pronouns'],
  [/\badverb/i, 'adverbs'],
  [/\badjective/i, 'adjectives'],
  [/\bplural\b|\bsingular\b/i, 'nouns'],
  [/\btense\b/i, 'tenses'],
  [/\bconjunction/i, 'conjunctions'],
  [/\bmodal\b|\bauxiliary\b/i, 'auxiliary-verbs'],
];
/** A form of "do" or "have" carries the agreement: the auxiliary verbs' lesson. */
const AUXILIARY = /^(?:do|does|did|don['’]t|doesn['’]t|have|has|haven['’]t|hasn['’]t)$/i;

export function harperTopic(message: string, flagged = ''): string | null {
  if (/\bagree/i.test(message)) return AUXILIARY.test(flagged) ? 'auxiliary-verbs' : 'verbs';
  return HARPER_TOPICS.find(([re]) => re.test(message))?.[1] ?? null;
}

/**
 * A British spelling (colour, organisation, centre, catalogue, travelled) is correct English:
 * Harper, set to American English, flags it as a misspelling with the American form among its
 * suggestions.
 */
function americanForms(word: string): string[] {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  return [
    w.replace(/our(s|ed|ing|ful|ite|ites|able)?$/, 'or$1'),
    w.replace(/is(e|es|ed|ing|ation|ations|er|ers)$/, 'iz$1'),
    w.replace(/ys(e|es|ed|ing)$/, 'yz$1'),
    w.replace(/tre(s)?$/, 'ter$1'),
    w.replace(/ogue(s)?$/, 'og$1'),
    w.replace(/ll(ed|ing|er|ers)$/, 'l$1'),
    w.replace(/ence$/, 'ense'),
    w.replace(/mme$/, 'm'),
  ].filter((f) => f !== w);
}
const isBritishSpelling = (flagged: string, suggestions: string[]) =>
  americanForms(flagged).some((f) =>
    suggestions.some((s) => s.toLowerCase().replace(/['’]s$/, '') === f),
  );

const NAME_MESSAGE =
  'This may be a name. Check its spelling, or add it to your dictionary so it is never flagged.';

export const lessonFor = (topic: string | null) => (topic ? paths.grammarTopic(topic) : null);

function fromRule(f: RuleFinding): WritingFinding {
  return {
    start: f.start,
    end: f.end,
    severity: f.severity,
    message: f.message,
    suggestions: f.suggestions,
    topic: f.topic,
    lesson: lessonFor(f.topic),
  };
}

export function fromHarper(f: HarperFinding, text: string): WritingFinding {
  const topic = harperTopic(f.message, text.slice(f.start, f.end));
  return {
    start: f.start,
    end: f.end,
    severity: harperSeverity(f.kind),
    message: f.message,
    suggestions: f.suggestions,
    topic,
    lesson: lessonFor(topic),
  };
}

/** The lessons' checks read the text in pieces of about this many characters (300 words: one). */
const RULE_PIECE_CHARS = 2_000;

/** Every topic's checks with the topic that teaches them, in the catalog's order. */
export const topicChecks = (topics: Iterable<TGrammarTopic>): TopicCheck[] =>
  [...topics].flatMap((t) => t.checks.map((check) => ({ topic: t.topic, check })));

/**
 * The writing checker (decision 050): Harper for spelling and general grammar, and the rule
 * layer for the mistakes our lessons teach. A rule's finding wins over Harper's where they
 * overlap, because it names the lesson. Nothing is stored.
 */
export class WritingChecker {
  readonly rules: RuleSet;
  constructor(rules: RuleSet) {
    this.rules = rules;
  }

  /** Every topic's checks, in the catalog's order. */
  static fromTopics(topics: Iterable<TGrammarTopic>): WritingChecker {
    return new WritingChecker(new RuleSet(topicChecks(topics)));
  }

  /** Loads Harper now rather than on the first check. */
  async warm(): Promise<void> {
    await harper();
  }

  /** Findings in `text`, in order; `dictionary` is the learner's own words (never flagged). */
  async check(text: string, dictionary: readonly string[] = []): Promise<WritingFinding[]> {
    if (text.trim() === '') return [];
    const words = dictionarySet(dictionary);
    const guarded = protectedRanges(text);
    const quiet = (f: { start: number; end: number }) => guarded.some((g) => overlaps(f, g));
    // The lessons' checks run piece by piece too (pieces end after a sentence, and checks
    // look within a sentence): compromise's matching slows down sharply on a very long
    // sentence (5–8 s for 10,000 characters with no full stop; 0.3 s in pieces).
    const ours = pieces(text, RULE_PIECE_CHARS)
      .flatMap((p) => {
        const part = text.slice(p.start, p.end);
        return this.rules
          .run(part, nlp(part))
          .map((f) => ({ ...f, start: f.start + p.start, end: f.end + p.start }));
      })
      .filter((f) => !quiet(f));
    const theirs = (await harperFindings(text)).filter((f) => {
      const flagged = text.slice(f.start, f.end);
      return (
        !quiet(f) &&
        !isProtectedText(flagged, words) &&
        !(f.kind === 'Spelling' && isBritishSpelling(flagged, f.suggestions)) &&
        harperException(f.rule, text, f.start, f.end) !== 'dropped'
      );
    });
    const kept: WritingFinding[] = [];
    const harperOnes = theirs.map((h): WritingFinding => {
      const f = fromHarper(h, text);
      if (h.kind === 'Spelling' && likelyName(text, h.start, h.end, h.suggestions))
        return { ...f, severity: 'suggestion', message: NAME_MESSAGE };
      if (harperException(h.rule, text, h.start, h.end) === 'suggestion')
        return { ...f, severity: 'suggestion' };
      return f;
    });
    for (const f of [...ours.map(fromRule), ...harperOnes]) {
      if (!kept.some((k) => overlaps(k, f))) kept.push(f);
    }
    return kept.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}
