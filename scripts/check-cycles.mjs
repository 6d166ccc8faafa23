// Import cycles in app/, core/ and server/, type-only imports included (ESLint's
// import-x/no-cycle skips those). Prints each cycle's files and exits 1 when there is one.
// Usage: node scripts/check-cycles.mjs
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOTS = ['app', 'core', 'server'];
const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'public') walk(path);
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
};
for (const r of ROOTS) walk(join(root, r));

const resolveImport = (from, spec) => {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  );
};

const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveImport(file, spec))
      .filter(Boolean);
    return [file, deps];
  }),
);

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let next = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
const visit = (v) => {
  index.set(v, next);
  low.set(v, next);
  next++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) cycles.push(component);
  }
};
for (const f of files) if (!index.has(f)) visit(f);

for (const c of cycles) {
  console.error('Import cycle:');
  for (const f of c) {
    const into = graph.get(f).filter((d) => c.includes(d));
    console.error(`  ${relative(root, f)} → ${into.map((d) => relative(root, d)).join(', ')}`);
  }
}
process.exit(cycles.length ? 1 : 0);
