import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script, no types
import { BUDGETS, measure, routeModules, runtimeProblems, staticImports } from './budgets.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A built client: index.html naming the entry, and the given chunks in assets/. */
function client(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillway-budgets-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
  );
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), code);
  return dir;
}

const router = `const PAGES = {
  home: () => import('./features/home/HomePage'),
  wordSet: () => import('./features/vocabulary/WordSetPage'),
};`;

describe('front-end budgets', () => {
  it('reads static imports of a minified chunk and leaves dynamic ones out', () => {
    expect(
      staticImports('import{a as b}from"./api-X1.js";import"./side-Y2.js";import("./Lazy-Z3.js")'),
    ).toEqual(['api-X1.js', 'side-Y2.js']);
  });

  it('reads the lazily loaded route modules from the router', () => {
    expect(routeModules(router)).toEqual([
      { id: 'home', module: 'HomePage' },
      { id: 'wordSet', module: 'WordSetPage' },
    ]);
  });

  it('counts the entry, its imports and the home chunk as the first load, and the rest per route', () => {
    const dir = client({
      'index-A1.js':
        'import"./vendor-B2.js";import("./HomePage-C3.js");import("./WordSetPage-D4.js")',
      'vendor-B2.js': 'x'.repeat(50),
      'HomePage-C3.js': 'import"./vendor-B2.js";',
      'WordSetPage-D4.js': 'import"./vendor-B2.js";import"./Dialog-E5.js";',
      'Dialog-E5.js': 'y'.repeat(50),
      'index-F6.css': 'body{}',
    });
    const result = measure(dir, router);
    expect(result.initial.files.sort()).toEqual(['HomePage-C3.js', 'index-A1.js', 'vendor-B2.js']);
    const wordSet = result.routes.find((r: { id: string }) => r.id === 'wordSet');
    // The shared vendor chunk is already loaded; the route downloads its own chunk and Dialog.
    expect(wordSet.files.sort()).toEqual(['Dialog-E5.js', 'WordSetPage-D4.js']);
    expect(result.css.files).toEqual(['index-F6.css']);
    expect(result.initial.bytes).toBeGreaterThan(0);
  });

  it('keeps the limits the issue sets', () => {
    expect(BUDGETS).toEqual({ initialJs: 100 * 1024, routeJs: 60 * 1024, css: 25 * 1024 });
  });

  it('refuses a build without React DOM in the entry, or with Preact anywhere', () => {
    const reactDom = 'var e="__reactContainer$"+Math.random()';
    expect(runtimeProblems(reactDom, reactDom)).toEqual([]);
    expect(runtimeProblems('render()', 'render()')).toEqual([
      'the entry chunk does not contain React DOM',
    ]);
    expect(runtimeProblems(reactDom, `${reactDom}\n/* preact/compat */`)).toEqual([
      'the build contains Preact',
    ]);
  });
});
