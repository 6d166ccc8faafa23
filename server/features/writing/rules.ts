import nlp from 'compromise/two';
import type { TWritingCheck } from '../../../core/content/checks';

/** A check with the grammar topic that teaches it. */
export interface TopicCheck {
  topic: string;
  check: TWritingCheck;
}

/** What one check found: a UTF-16 span of the text and the replacements for it. */
export interface RuleFinding {
  start: number;
  end: number;
  severity: 'error' | 'suggestion';
  message: string;
  suggestions: string[];
  topic: string;
  checkId: string;
}

type Doc = ReturnType<typeof nlp>;
interface Span {
  start: number;
  end: number;
}
interface TermJson {
  offset: { start: number; length: number };
}

/** The span a compromise match covers, from its words (not the punctuation after them). */
function termsSpan(terms: TermJson[]): Span | null {
  const real = terms.filter((t) => t.offset.length > 0);
  if (real.length === 0) return null;
  const last = real[real.length - 1]!;
  return { start: real[0]!.offset.start, end: last.offset.start + last.offset.length };
}

function viewSpans(view: { json(options: object): unknown }): Span[] {
  const rows = view.json({ offset: true, terms: { offset: true } }) as { terms: TermJson[] }[];
  return rows.map((r) => termsSpan(r.terms)).filter((s): s is Span => s !== null);
}

const inside = (inner: Span, outer: Span) => inner.start >= outer.start && inner.end <= outer.end;

/** A suggestion keeps the flagged text's initial capital ("Less" → "Fewer"). */
function keepCapital(flagged: string, suggestion: string): string {
  const first = flagged.charAt(0);
  if (first !== first.toUpperCase() || first === first.toLowerCase()) return suggestion;
  return suggestion.charAt(0).toUpperCase() + suggestion.slice(1);
}

function fill(template: string, text: string, flag: Span, groups: Map<string, Span>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const span = name === 'flag' ? flag : groups.get(name);
    return span ? text.slice(span.start, span.end) : '';
  });
}

function finding(c: TopicCheck, text: string, flag: Span, groups: Map<string, Span>): RuleFinding {
  const flagged = text.slice(flag.start, flag.end);
  const suggestions = (c.check.suggest ?? []).map((s) =>
    keepCapital(flagged, fill(s, text, flag, groups)),
  );
  return {
    ...flag,
    severity: c.check.severity,
    message: c.check.message,
    suggestions: [...new Set(suggestions)].filter((s) => s !== flagged),
    topic: c.topic,
    checkId: c.check.id,
  };
}

/** A check's regex: case-insensitive unless the check sets `matchCase`. */
function regexFor(source: string, matchCase = false) {
  return new RegExp(source, matchCase ? 'gud' : 'giud');
}

/**
 * The rule layer: every topic's checks, compiled once, run on one text. Spans are UTF-16
 * offsets into the text (compromise and JavaScript regular expressions both count that way).
 */
export class RuleSet {
  readonly checks: TopicCheck[];
  /** Every match pattern in one net: one sweep of the text finds which checks can fire. */
  private readonly net: ReturnType<typeof nlp.buildNet>;
  constructor(checks: TopicCheck[]) {
    this.checks = checks;
    this.net = nlp.buildNet(
      checks.flatMap((c, i) =>
        c.check.match === undefined ? [] : [{ match: c.check.match, id: String(i) }],
      ),
    );
  }

  run(text: string, doc: Doc = nlp(text)): RuleFinding[] {
    // Sentences' spans, needed only when a regex check with `unless` finds something.
    let sentences: Span[] | null = null;
    const sentenceOf = (s: Span) =>
      (sentences ??= viewSpans(doc)).find((x) => s.start >= x.start && s.start < x.end) ?? {
        start: 0,
        end: text.length,
      };
    const out: RuleFinding[] = [];
    const swept = new Set((doc.sweep(this.net).found as { id?: string }[]).map((f) => f.id));
    for (const [i, c] of this.checks.entries()) {
      if (c.check.match !== undefined) {
        if (swept.has(String(i))) out.push(...this.runMatch(c, c.check.match, text, doc));
      } else if (c.check.regex !== undefined) {
        for (const f of this.runRegex(c, c.check.regex, text)) {
          const unless = c.check.unless ?? [];
          const around = unless.length > 0 ? sentenceOf(f) : null;
          const sentence = around ? text.slice(around.start, around.end) : '';
          if (!unless.some((u) => regexFor(u, c.check.matchCase).test(sentence))) out.push(f);
        }
      }
    }
    return out;
  }

  private runMatch(c: TopicCheck, pattern: string, text: string, doc: Doc): RuleFinding[] {
    const m = doc.match(pattern);
    if (!m.found) return [];
    const matches = viewSpans(m);
    const groupSpans = Object.entries(m.groups() as Record<string, typeof m>).map(
      ([name, view]) => [name, viewSpans(view)] as const,
    );
    const out: RuleFinding[] = [];
    const sentenceViews = m.fullSentences();
    matches.forEach((span) => {
      const groups = new Map<string, Span>();
      for (const [name, spans] of groupSpans) {
        const g = spans.find((s) => inside(s, span));
        if (g) groups.set(name, g);
      }
      if (c.check.unless?.length) {
        const sentence = sentenceViews.filter((s) => {
          const [own] = viewSpans(s);
          return own !== undefined && inside(span, own);
        });
        if (c.check.unless.some((u) => sentence.match(u).found)) return;
      }
      out.push(finding(c, text, groups.get('flag') ?? span, groups));
    });
    return out;
  }

  private runRegex(c: TopicCheck, source: string, text: string): RuleFinding[] {
    const out: RuleFinding[] = [];
    for (const m of text.matchAll(regexFor(source, c.check.matchCase))) {
      if (m[0].length === 0) continue;
      const groups = new Map<string, Span>();
      for (const [name, range] of Object.entries(m.indices?.groups ?? {})) {
        if (range) groups.set(name, { start: range[0], end: range[1] });
      }
      const span = { start: m.index, end: m.index + m[0].length };
      out.push(finding(c, text, groups.get('flag') ?? span, groups));
    }
    return out;
  }
}
