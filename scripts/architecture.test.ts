import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is the map a newcomer trusts first, and docs/checklists.md says where a change
// goes, so they may name only what exists:
// every path (backticked, linked, or a line of the folder tree) must exist in the repository,
// and every backticked name that looks like a symbol must be defined in app/, server/, core/
// or scripts/. Names in the tree are relative to the folder line they stand under.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_ROOTS = ['app', 'server', 'core', 'scripts'];
const SOURCE_FILE = /\.(?:ts|tsx|mts|mjs|js)$/;
const THIS_FILE = 'scripts/architecture.test.ts';

/**
 * Names ARCHITECTURE.md may mention that belong to libraries or the platform, not to us.
 * Each must still appear in our sources, so the list cannot keep a name we no longer use.
 */
export const LIBRARY_SYMBOLS = new Set([
  'bodyLimit', // hono/body-limit
  'createRoot', // react-dom/client
  'hydrateRoot', // react-dom/client
  'optimisticData', // SWR mutate options
  'populateCache',
  'rollbackOnError',
  'prerenderToNodeStream', // react-dom/static
  'sendBeacon', // navigator
  'speechSynthesis', // window
  'getSession', // Better Auth's auth.api
]);

const FILE_EXTENSION = /\.(?:ts|tsx|mts|mjs|js|json|jsonc|md|yaml|yml|css|html|txt|sql|svg|png)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** camelCase with a hump, PascalCase, or UPPER_SNAKE: what reads as a name in the code. */
function looksLikeSymbol(name: string): boolean {
  if (!IDENTIFIER.test(name)) return false;
  if (/^[a-z][a-z0-9]*[A-Z]/.test(name)) return true; // createApp, useSubmitAttempt
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(name)) return true; // ApiError, NotFoundPage
  if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name)) return true; // PUBLIC_READS
  if (/^[A-Z]{2,}[a-z]/.test(name)) return true; // ZAnswerRequest
  return false;
}

/** A span that names a file or folder rather than a URL path, a package or a word. */
function looksLikePath(span: string): boolean {
  if (/\s/.test(span) || span.includes('://') || span.startsWith('/')) return false;
  if (span.startsWith('@')) return false; // a scoped package
  if (!span.includes('/')) return FILE_EXTENSION.test(span) && !IDENTIFIER.test(span);
  return /^[\w.<>{}*…\-[\]]+(?:\/[\w.<>{}*…\-[\]]*)*$/.test(span);
}

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else if (SOURCE_FILE.test(entry.name)) out.push(path);
  }
  return out;
}

const DEFINITION_PATTERNS = [
  // function X, const X, class X, interface X, type X, enum X (with export, default, async…)
  /\b(?:function\*?|const|let|var|class|interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)/g,
  // export { X, Y as Z }, export type { X }
  /\bexport\s+(?:type\s+)?\{([^}]*)\}/g,
  // const { X, Y } = …, const [X, setX] = …
  /\b(?:const|let|var)\s+[{[]([^\]}]*)[\]}]\s*=/g,
  // a member of an interface, type or object at the start of a line: X: …, X?: …, X(…) {
  /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*(?::|\([^)]*\)\s*(?::[^{]*)?\{)/gm,
];

/** Every name defined in the given files. */
export function definedSymbols(files: { path: string; text: string }[]): Set<string> {
  const names = new Set<string>();
  for (const { text } of files) {
    for (const pattern of DEFINITION_PATTERNS) {
      for (const m of text.matchAll(pattern)) {
        for (const part of (m[1] ?? '').split(/[,\s:]+|\bas\b/)) {
          const name = part.replace(/^\.\.\./, '').replace(/^type$/, '');
          if (IDENTIFIER.test(name)) names.add(name);
        }
      }
    }
  }
  return names;
}

/** Every name defined in app/, server/, core/ and scripts/ (this file aside). */
export function sourceSymbols(root: string = ROOT): Set<string> {
  return definedSymbols(readSources(root));
}

function readSources(root: string): { path: string; text: string }[] {
  return SOURCE_ROOTS.filter((d) => existsSync(join(root, d)))
    .flatMap((d) => listFiles(join(root, d)))
    .map((path) => ({ path: relative(root, path).split(sep).join('/'), text: '' }))
    .filter((f) => f.path !== THIS_FILE)
    .map((f) => ({ ...f, text: readFileSync(join(root, f.path), 'utf8') }));
}

/** A segment pattern: `*` any run, `<name>` or `{name}` one non-empty segment part. */
function segmentMatcher(segment: string): RegExp {
  const source = segment
    .split(/(\*|<[^>]*>|\{[^}]*\})/)
    .map((part, i) =>
      i % 2 === 1 ? (part === '*' ? '[^/]*' : '[^/]+') : part.replace(/[.+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether `path` (relative to `root`, perhaps with placeholders) names something that exists. */
export function pathExists(root: string, path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/');
  let candidates = [resolve(root)];
  for (const segment of segments) {
    const next: string[] = [];
    for (const dir of candidates) {
      if (!/[*<{]/.test(segment)) {
        const p = resolve(dir, segment);
        if (existsSync(p)) next.push(p);
        continue;
      }
      if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
      const matcher = segmentMatcher(segment);
      for (const name of readdirSync(dir)) if (matcher.test(name)) next.push(join(dir, name));
    }
    candidates = next;
    if (candidates.length === 0) return false;
  }
  if (path.endsWith('/')) return candidates.some((p) => statSync(p).isDirectory());
  return true;
}

/** A file (it has an extension) or a folder (it ends in `/`), perhaps with placeholders. */
const TREE_NAME = /^(?:[\w.<>{}*-]+\/)*(?:[\w<>{}*-]*\.[\w.<>{}*-]+|[\w.<>{}*-]+\/)$/;

/**
 * A tree entry's description may name files too (`sync.ts`, `migrations/`): relative to the
 * entry's folder, or to the repository root.
 */
type Found = { name: string; base?: string; line: number; where: 'text' | 'link' | 'tree' };

function descriptionNames(description: string): string[] {
  return description
    .split(/\s+/)
    .map((word) => word.replace(/^[("'`]+/, '').replace(/[)"'`,;:.]+$/, ''))
    .filter(
      (word) =>
        !word.startsWith('/') &&
        !word.includes('…') &&
        (FILE_EXTENSION.test(word) || (word.endsWith('/') && word.length > 1)) &&
        /^[\w.<>{}*/-]+$/.test(word),
    );
}

/** The folder tree's names, each joined to the folder line it stands under. */
function treeNames(lines: string[], start: number, end: number): Found[] {
  const found: Found[] = [];
  const stack: { indent: number; path: string }[] = [];
  let descriptionColumn = Infinity;
  let base = '';
  for (let i = start; i < end; i++) {
    const line = lines[i] ?? '';
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    const m = /^(\s*)(\S(?:.*?\S)?)(?:\s{2,}(.*))?$/.exec(line);
    const names = (m?.[2] ?? '').split(/,\s*/);
    if (indent >= descriptionColumn || !m || !names.every((n) => TREE_NAME.test(n))) {
      // a description's continuation line
      for (const name of descriptionNames(line))
        found.push({ name, base, line: i + 1, where: 'tree' });
      continue;
    }
    descriptionColumn = m[3] !== undefined ? line.length - m[3].length : Infinity;
    while (stack.length > 0 && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.path ?? '';
    for (const name of names) found.push({ name: parent + name, line: i + 1, where: 'tree' });
    const last = names[names.length - 1];
    const isFolder = names.length === 1 && last?.endsWith('/');
    if (isFolder) stack.push({ indent, path: parent + last });
    base = isFolder ? parent + last : parent;
    for (const name of descriptionNames(m[3] ?? '')) {
      found.push({ name, base, line: i + 1, where: 'tree' });
    }
  }
  return found;
}

/** Every path-like and symbol-like name in an ARCHITECTURE text, with where it stands. */
export function namesIn(text: string): { paths: Found[]; symbols: Found[] } {
  const lines = text.split('\n');
  const paths: Found[] = [];
  const symbols: Found[] = [];
  let fence: { start: number; tree: boolean } | undefined;
  lines.forEach((line, i) => {
    const opening = /^\s*```(\S*)/.exec(line);
    if (opening) {
      if (!fence) fence = { start: i + 1, tree: ['', 'text'].includes(opening[1] ?? '') };
      else {
        if (fence.tree) paths.push(...treeNames(lines, fence.start, i));
        fence = undefined;
      }
      return;
    }
    if (fence) return;
    for (const m of line.matchAll(/`([^`]+)`/g)) {
      const span = m[1] ?? '';
      if (looksLikePath(span)) paths.push({ name: span, line: i + 1, where: 'text' });
      else if (looksLikeSymbol(span)) symbols.push({ name: span, line: i + 1, where: 'text' });
    }
    for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const target = m[1] ?? '';
      if (!/^[a-z]+:/.test(target)) paths.push({ name: target, line: i + 1, where: 'link' });
    }
  });
  return { paths, symbols };
}

/** What in `text` names a file, folder or symbol that does not exist: one message each. */
export function architectureErrors(
  text: string,
  root: string,
  symbols: Set<string>,
  librarySymbols: Set<string> = LIBRARY_SYMBOLS,
  /** Where the text's links are relative to: the folder of the file it came from. */
  linkBase = '',
): string[] {
  const errors: string[] = [];
  const found = namesIn(text);
  for (const { name, base, line, where } of found.paths) {
    if (name.includes('…')) continue;
    if (base !== undefined) {
      if (!pathExists(root, base + name) && !pathExists(root, name)) {
        errors.push(
          `line ${line}: ${name} (in the tree under ${base || 'the root'}) does not exist`,
        );
      }
      continue;
    }
    const first = name.split('/')[0] ?? '';
    const isRepoEntry = existsSync(join(root, first)) || /[*<{]/.test(first);
    if (where === 'text' && !isRepoEntry && existsSync(join(root, 'node_modules', first))) {
      continue; // a package's import path, such as react-dom/static
    }
    const relativeName = where === 'link' && linkBase ? join(linkBase, name) : name;
    const absolute = resolve(root, relativeName);
    if (absolute !== resolve(root) && !absolute.startsWith(resolve(root) + sep)) {
      errors.push(`line ${line}: ${name} is outside the repository`);
    } else if (!pathExists(root, relativeName)) {
      errors.push(`line ${line}: ${where === 'tree' ? 'tree entry ' : ''}${name} does not exist`);
    }
  }
  for (const { name, line } of found.symbols) {
    if (!symbols.has(name) && !librarySymbols.has(name)) {
      errors.push(`line ${line}: \`${name}\` is not defined in ${SOURCE_ROOTS.join('/, ')}/`);
    }
  }
  return errors;
}

describe('ARCHITECTURE.md', () => {
  const sources = readSources(ROOT);
  const symbols = definedSymbols(sources);

  it('names only files, folders and symbols that exist', () => {
    const text = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    const errors = architectureErrors(text, ROOT, symbols);
    expect(errors, `ARCHITECTURE.md is out of date:\n${errors.join('\n')}\n`).toEqual([]);
  });

  it('docs/checklists.md names only files, folders and symbols that exist', () => {
    const text = readFileSync(join(ROOT, 'docs/checklists.md'), 'utf8');
    const errors = architectureErrors(text, ROOT, symbols, LIBRARY_SYMBOLS, 'docs');
    expect(errors, `docs/checklists.md is out of date:\n${errors.join('\n')}\n`).toEqual([]);
  });

  it('checks a good number of names (the parser still finds the tree and the spans)', () => {
    const { paths, symbols: named } = namesIn(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
    expect(paths.filter((p) => p.where === 'tree').length).toBeGreaterThan(30);
    expect(paths.filter((p) => p.where === 'text').length).toBeGreaterThan(20);
    expect(named.length).toBeGreaterThan(20);
  });

  it('library names it allows are still used in our code', () => {
    const all = sources.map((f) => f.text).join('\n');
    for (const name of LIBRARY_SYMBOLS) {
      expect(new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(all), name).toBe(true);
    }
  });

  it('fails when a named file, folder or symbol is missing', () => {
    const text = [
      '# Architecture',
      '',
      'The app starts in `server/main.ts`, built by `createApp` in `server/app.ts`;',
      'see [the requirements](docs/requirements.md) and `server/db/gone.ts`.',
      'Nor does `noSuchFunction` exist, nor [this](docs/missing.md), nor `../shared/X.md`.',
      '',
      '```',
      'server/                 the API',
      '  db/                   the database',
      '    client.ts           Kysely',
      '    vanished.ts         removed long ago',
      '  features/<area>/      one folder per area',
      '  nowhere/              a folder that is not there',
      'core/                   rules',
      '```',
    ].join('\n');
    expect(architectureErrors(text, ROOT, symbols)).toEqual([
      'line 4: server/db/gone.ts does not exist',
      'line 5: ../shared/X.md is outside the repository',
      'line 5: docs/missing.md does not exist',
      'line 11: tree entry server/db/vanished.ts does not exist',
      'line 13: tree entry server/nowhere/ does not exist',
      'line 5: `noSuchFunction` is not defined in app/, server/, core/, scripts/',
    ]);
  });

  it('passes the same text once the missing names are gone', () => {
    const text = [
      'The app starts in `server/main.ts`, built by `createApp` in `server/app.ts`.',
      '```',
      'server/                 the API',
      '  db/                   the database',
      '    client.ts           Kysely',
      '  features/<area>/      one folder per area',
      '```',
    ].join('\n');
    expect(architectureErrors(text, ROOT, symbols)).toEqual([]);
  });

  it('reads a symbol as defined from the usual forms only', () => {
    const defined = definedSymbols([
      {
        path: 'x.ts',
        text: [
          'export function alphaOne() {}',
          'const betaTwo = 1;',
          'export type GammaThree = string;',
          'interface DeltaFour {}',
          'export { epsilonFive as zetaSix };',
          'const { etaSeven, thetaEight } = obj;',
          'callIotaNine();',
        ].join('\n'),
      },
    ]);
    for (const name of [
      'alphaOne',
      'betaTwo',
      'GammaThree',
      'DeltaFour',
      'epsilonFive',
      'zetaSix',
      'etaSeven',
      'thetaEight',
    ]) {
      expect(defined.has(name), name).toBe(true);
    }
    expect(defined.has('callIotaNine')).toBe(false);
  });
});
