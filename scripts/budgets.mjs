// Front-end budgets, checked on the built client (`npm run build` first); part of `npm test`.
// Sizes are gzip level 9, the `.gz` twins the server sends (scripts/build-server.mjs).
//  - initial JS of the home route: the entry, what it imports statically, and the home page's
//    lazy chunk with what that imports statically (minus what the entry already brought);
//  - each route: its lazy chunk plus the chunks it imports statically that the first load
//    did not bring, i.e. what following a link to that route downloads at most;
//  - CSS: every stylesheet.
// Prints a table and exits non-zero when a budget is exceeded.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGETS = { initialJs: 100 * 1024, routeJs: 60 * 1024, css: 25 * 1024 };

const root = join(import.meta.dirname, '..');

/** Static imports of a built chunk (`import"./x.js"`, `from"./x.js"`), not `import("./x.js")`. */
export function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g))
    found.add(m[1]);
  return [...found];
}

/** The route modules that app/router.tsx loads lazily: { id, module basename }. */
export function routeModules(routerSource) {
  return [...routerSource.matchAll(/(\w+): \(\) => import\('\.\/(?:[\w-]+\/)+(\w+)'\)/g)].map(
    (m) => ({ id: m[1], module: m[2] }),
  );
}

function gzipSize(file) {
  return existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * The runtime the build ships: React DOM's root marker in the entry and no Preact anywhere
 * (DESIGN.md: React DOM in development, tests and production). Returns the problems found.
 */
export function runtimeProblems(entryCode, allCode) {
  const problems = [];
  if (!entryCode.includes('__reactContainer$'))
    problems.push('the entry chunk does not contain React DOM');
  if (/\bpreact\b/i.test(allCode)) problems.push('the build contains Preact');
  return problems;
}

export function measure(clientDir, routerSource) {
  const assets = join(clientDir, 'assets');
  const files = readdirSync(assets);
  const size = (name) => gzipSize(join(assets, name));
  const closure = (start, seen = new Set()) => {
    const stack = [start];
    while (stack.length) {
      const name = stack.pop();
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...staticImports(readFileSync(join(assets, name), 'utf8')));
    }
    return seen;
  };
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/)?.[1];
  if (!entry) throw new Error('no module script in dist/client/index.html');
  const chunkOf = (module) => {
    const found = files.filter((f) => f.endsWith('.js') && f.startsWith(`${module}-`));
    if (found.length !== 1)
      throw new Error(`expected one built chunk for ${module}, found ${found}`);
    return found[0];
  };
  const routes = routeModules(routerSource);
  const home = routes.find((r) => r.id === 'home');
  if (!home) throw new Error('no home route in app/router.tsx');
  const initial = closure(chunkOf(home.module), closure(entry));
  const sum = (names) => [...names].reduce((n, f) => n + size(f), 0);
  const routeRows = routes.map((r) => {
    const own = [...closure(chunkOf(r.module))].filter((f) => !initial.has(f));
    return { id: r.id, chunk: chunkOf(r.module), files: own, bytes: sum(own) };
  });
  const css = files.filter((f) => f.endsWith('.css'));
  const js = files.filter((f) => f.endsWith('.js'));
  const runtime = runtimeProblems(
    readFileSync(join(assets, entry), 'utf8'),
    js.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n'),
  );
  return {
    runtime,
    initial: { files: [...initial], bytes: sum(initial) },
    routes: routeRows,
    css: { files: css, bytes: sum(css) },
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function main() {
  const clientDir = join(root, 'dist', 'client');
  if (!existsSync(join(clientDir, 'index.html'))) {
    console.error('dist/client is missing: run `npm run build` first.');
    process.exit(1);
  }
  const result = measure(clientDir, readFileSync(join(root, 'app', 'router.tsx'), 'utf8'));
  const rows = [
    ['initial JS (home)', result.initial.bytes, BUDGETS.initialJs, result.initial.files],
    ...result.routes.map((r) => [`route ${r.id}`, r.bytes, BUDGETS.routeJs, r.files]),
    ['CSS', result.css.bytes, BUDGETS.css, result.css.files],
  ];
  let over = 0;
  console.log('| budget | gzip | limit | |');
  console.log('| --- | ---: | ---: | --- |');
  for (const [name, bytes, limit] of rows) {
    const ok = bytes <= limit;
    if (!ok) over++;
    console.log(`| ${name} | ${kb(bytes)} | ${kb(limit)} | ${ok ? 'ok' : 'OVER'} |`);
  }
  for (const [name, bytes, limit, files] of rows)
    if (bytes > limit)
      console.error(
        `\n${name} is ${kb(bytes)} gzip, over its ${kb(limit)} budget. Files: ${files.map((f) => basename(f)).join(', ')}`,
      );
  for (const problem of result.runtime) console.error(`\nRuntime: ${problem}.`);
  process.exit(over || result.runtime.length > 0 ? 1 : 0);
}

if (process.argv[1] === import.meta.filename) main();
