// `npm test`: the whole suite, in order — lint, typecheck, dead code (knip), unit, UI widgets, API on SQLite,
// API on PostgreSQL, build, front-end budgets, browser journeys. Fails (never skips) when
// Chromium or PostgreSQL is missing, and says how to get them. Ends with one line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { PG_INSTALL_HINT, findPgBin } from './with-postgres-bin.mjs';

const root = join(import.meta.dirname, '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function preflight() {
  const problems = [];
  try {
    chromiumPath();
  } catch (err) {
    problems.push(err.message);
  }
  if (!process.env.TEST_DATABASE_URL && !findPgBin()) {
    problems.push(PG_INSTALL_HINT);
  }
  if (problems.length > 0) {
    console.error(`\nnpm test needs these before it can run:\n- ${problems.join('\n- ')}\n`);
    process.exit(1);
  }
}

const vitest = (project, file) => [
  'npx',
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, file)}`,
];

const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'import cycles', cmd: ['node', 'scripts/check-cycles.mjs'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level=warn'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'dead code', cmd: ['npx', 'knip'] },
  { name: 'unit', cmd: vitest('unit', 'unit.json') },
  { name: 'ui', cmd: vitest('ui', 'ui.json') },
  { name: 'api (sqlite)', cmd: vitest('api', 'api-sqlite.json') },
  {
    name: 'api (postgres)',
    cmd: ['node', 'scripts/with-postgres.mjs', ...vitest('api', 'api-postgres.json')],
  },
  { name: 'build', cmd: ['npm', 'run', 'build', '--silent'] },
  { name: 'budgets', cmd: ['node', 'scripts/budgets.mjs'] },
  { name: 'e2e (sqlite)', cmd: vitest('e2e', 'e2e.json') },
  {
    name: 'e2e (postgres)',
    cmd: ['node', 'scripts/with-postgres.mjs', ...vitest('e2e', 'e2e-postgres.json')],
  },
];

preflight();
const summary = [];
let failed = false;
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const start = Date.now();
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const ok = r.status === 0;
  summary.push({ step: step.name, ok, seconds: Math.round((Date.now() - start) / 100) / 10 });
  if (!ok) {
    failed = true;
    break; // later steps depend on earlier ones (e2e needs the build)
  }
}

let passed = 0;
let failedTests = 0;
const failures = [];
for (const file of [
  'unit.json',
  'ui.json',
  'api-sqlite.json',
  'api-postgres.json',
  'e2e.json',
  'e2e-postgres.json',
]) {
  const path = join(results, file);
  if (!existsSync(path)) continue;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  passed += report.numPassedTests;
  failedTests += report.numFailedTests;
  for (const f of report.testResults ?? [])
    for (const t of f.assertionResults ?? [])
      if (t.status === 'failed')
        failures.push(
          `${relative(root, f.name)} › ${t.fullName}\n      ${(t.failureMessages?.[0] ?? '').split('\n').slice(0, 3).join('\n      ')}`,
        );
}

console.log('\n━━ summary ━━');
// The failing tests are repeated here so that the tail of a long CI log names them.
for (const f of failures) console.log(`FAILED ${f}`);
// What the pages of failed browser journeys showed (e2e/support.ts), bounded.
const pageReports = join(results, 'e2e-failures');
if (existsSync(pageReports))
  for (const name of readdirSync(pageReports).slice(0, 4))
    console.log(
      readFileSync(join(pageReports, name), 'utf8').split('\n').slice(0, 20).join('\n      '),
    );
for (const s of summary)
  console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.step.padEnd(16)} ${s.seconds}s`);
for (const s of steps.slice(summary.length)) console.log(`--    ${s.name.padEnd(16)} not run`);
if (failed && failedTests === 0) failedTests = 1; // a failed lint/build step counts as a failure
console.log(`tests: ${passed} passed, ${failedTests} failed`);
process.exit(failed ? 1 : 0);
