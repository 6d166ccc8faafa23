/**
 * House style for product text: "email", "advisor" and American spelling everywhere. Finds
 * the other forms in content (YAML), in the text of the app and the server (string literals
 * and JSX text, never identifiers or comments), in index.html, the PWA manifest and the docs.
 * Checked by scripts/house-style.test.ts (part of npm test); also a command:
 * npx tsx scripts/house-style.ts  (prints file:line: word → use …, exits 1 on a hit)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';

/**
 * The forms product text must not use, each with the house form. Matched case-insensitively
 * as whole words. Only the British or variant forms are listed, never a word that is also
 * correct American: "analyses" (plural of analysis), "optimistic", "cancellation",
 * "enrolled" and "enrolling" stay allowed.
 */
export const OTHER_FORMS: readonly { pattern: RegExp; use: string }[] = [
  { pattern: /\be-mails?\b/gi, use: 'email' },
  { pattern: /\bpractis(?:e|es|ed|ing)\b/gi, use: 'practice (verb and noun)' },
  { pattern: /\badvisers?\b/gi, use: 'advisor' },
  { pattern: /\bbehaviour(?:s|al|ally)?\b/gi, use: 'behavior' },
  { pattern: /\bcolour(?:s|ed|ing|ful)?\b/gi, use: 'color' },
  { pattern: /\bfavourites?\b/gi, use: 'favorite' },
  { pattern: /\borganis(?:e|es|ed|ing|er|ers|ation|ations|ational)\b/gi, use: 'organiz…' },
  { pattern: /\brecognis(?:e|es|ed|ing|able)\b/gi, use: 'recogniz…' },
  { pattern: /\bprioritis(?:e|es|ed|ing|ation)\b/gi, use: 'prioritiz…' },
  { pattern: /\bsummaris(?:e|es|ed|ing)\b/gi, use: 'summariz…' },
  { pattern: /\banalys(?:e|ed|ing)\b/gi, use: 'analyz… (the verb; "analyses" the noun is fine)' },
  { pattern: /\boptimis(?:e|es|ed|ing|ation|ations)\b/gi, use: 'optimiz…' },
  { pattern: /\bcustomis(?:e|es|ed|ing|ation)\b/gi, use: 'customiz…' },
  { pattern: /\bcentres?\b/gi, use: 'center' },
  { pattern: /\blicences?\b/gi, use: 'license' },
  { pattern: /\bcatalogues?\b/gi, use: 'catalog' },
  { pattern: /\bcancell(?:ed|ing)\b/gi, use: 'canceled, canceling' },
  { pattern: /\bjudgements?\b/gi, use: 'judgment' },
  { pattern: /\bprogrammes?\b/gi, use: 'program' },
  { pattern: /\benrol(?:s|ment|ments)?\b/gi, use: 'enroll, enrollment' },
  { pattern: /\btravell(?:ed|ing|er|ers)\b/gi, use: 'traveled, traveling, traveler' },
  { pattern: /\blabell(?:ed|ing)\b/gi, use: 'labeled, labeling' },
  { pattern: /\bmodell(?:ed|ing)\b/gi, use: 'modeled, modeling' },
  { pattern: /\bwhilst\b/gi, use: 'while' },
  { pattern: /\bamongst\b/gi, use: 'among' },
  { pattern: /\blearnt\b/gi, use: 'learned' },
  { pattern: /\btowards\b/gi, use: 'toward' },
];

/**
 * The only exceptions. Text that says "British" names the other form on purpose (a word set
 * or a grammar item explaining the conventions): in YAML the whole item that says it (a
 * question with its options, a word with its synonyms), elsewhere the line. The rest are
 * identifiers written as strings: the spec's gRPC-style error code `cancelled` and the
 * query value of Checkout's return URL.
 */
export const ALLOWED: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bBritish\b/, why: 'names the British form on purpose' },
  { pattern: /^['"`]cancelled['"`]$/, why: 'the error code from the spec, an identifier' },
  { pattern: /\?checkout=cancelled\b/, why: "the Checkout return URL's query value" },
  { pattern: /`cancelled` 499/, why: 'the error code named in the docs' },
];

export type Hit = { file: string; line: number; word: string; use: string };

const root = join(import.meta.dirname, '..');

/** Hits in `text`, a piece of `source` starting at `offset`; `lineOf` turns a position into a 1-based line. */
function scan(text: string, offset: number, lineOf: (pos: number) => number, file: string): Hit[] {
  const hits: Hit[] = [];
  for (const { pattern, use } of OTHER_FORMS) {
    for (const m of text.matchAll(pattern)) {
      hits.push({ file, line: lineOf(offset + m.index), word: m[0], use });
    }
  }
  return hits.sort((a, b) => a.line - b.line);
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The 1-based line of a character position in `source` (a binary search of line starts). */
export function lineFinder(source: string): (pos: number) => number {
  const starts = lineStarts(source);
  return (pos) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** Line `line` (1-based) of `source`, for the "British" exception. */
function lineText(source: string, line: number): string {
  return source.split('\n')[line - 1] ?? '';
}

/** Plain text (HTML, Markdown): every line, as it is. */
export function scanText(source: string, file: string): Hit[] {
  return scan(source, 0, lineFinder(source), file).filter(
    (h) => !ALLOWED.some((a) => a.pattern.test(lineText(source, h.line))),
  );
}

/**
 * YAML: every string value (keys are ids), found where it is written. A value is allowed when
 * the nearest item around it (the map holding it, or holding its list) says "British".
 */
export function scanYaml(source: string, file: string): Hit[] {
  const doc = parseDocument(source);
  const lineOf = lineFinder(source);
  const hits: Hit[] = [];
  const allowed = (text: string) => ALLOWED.some((a) => a.pattern.test(text));
  const visit = (node: unknown, item: string | null) => {
    if (isMap(node)) {
      const own = node.range ? source.slice(node.range[0], node.range[1]) : '';
      for (const pair of node.items) visit(pair.value, node === doc.contents ? null : own);
    } else if (isSeq(node)) {
      for (const child of node.items) visit(child, item);
    } else if (isScalar(node) && typeof node.value === 'string' && node.range) {
      const [start, end] = node.range;
      const raw = source.slice(start, end);
      if (allowed(item ?? lineText(source, lineOf(start)))) return;
      hits.push(...scan(raw, start, lineOf, file));
    }
  };
  visit(doc.contents, null);
  return hits.sort((a, b) => a.line - b.line);
}

/** TypeScript and TSX: only string literals, template text and JSX text — what users read. */
export function scanCode(source: string, file: string): Hit[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const lineOf = lineFinder(source);
  const hits: Hit[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const start = node.getStart(sf);
      const raw = source.slice(start, node.end);
      const allowed = ALLOWED.some(
        (a) => a.pattern.test(raw) || a.pattern.test(lineText(source, lineOf(start))),
      );
      if (!allowed) hits.push(...scan(raw, start, lineOf, file));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits.sort((a, b) => a.line - b.line);
}

function walk(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((p) => join(dir, p).split('\\').join('/'))
    .filter(keep)
    .sort();
}

const isSource = (p: string) =>
  /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.endsWith('.d.ts');

/** Every file the house style covers, relative to the repository, with how to read it. */
export function houseStyleFiles(): { file: string; kind: 'yaml' | 'text' | 'code' }[] {
  return [
    ...walk('content', (p) => p.endsWith('.yaml')).map((file) => ({ file, kind: 'yaml' as const })),
    ...walk('app', (p) => isSource(p) && !p.startsWith('app/public/')).map((file) => ({
      file,
      kind: 'code' as const,
    })),
    ...walk('core', isSource).map((file) => ({ file, kind: 'code' as const })),
    ...walk('server', (p) => isSource(p) && !p.startsWith('server/test/')).map((file) => ({
      file,
      kind: 'code' as const,
    })),
    { file: 'vite.config.ts', kind: 'code' },
    { file: 'app/index.html', kind: 'text' },
    { file: 'README.md', kind: 'text' },
    { file: 'ARCHITECTURE.md', kind: 'text' },
    ...walk('docs', (p) => p.endsWith('.md')).map((file) => ({ file, kind: 'text' as const })),
  ];
}

export function houseStyleHits(): Hit[] {
  return houseStyleFiles().flatMap(({ file, kind }) => {
    const source = readFileSync(join(root, file), 'utf8');
    // Parsing is the slow part: most files have no other form anywhere, comments included.
    if (!OTHER_FORMS.some(({ pattern }) => new RegExp(pattern.source, 'i').test(source))) return [];
    if (kind === 'yaml') return scanYaml(source, file);
    return kind === 'code' ? scanCode(source, file) : scanText(source, file);
  });
}

export const formatHit = (h: Hit) => `${h.file}:${h.line}: "${h.word}" → use ${h.use}`;

if (process.argv[1] && relative(process.argv[1], import.meta.filename) === '') {
  const hits = houseStyleHits();
  for (const h of hits) console.log(formatHit(h));
  console.log(hits.length === 0 ? 'house style: ok' : `house style: ${hits.length} to fix`);
  process.exit(hits.length === 0 ? 0 : 1);
}
