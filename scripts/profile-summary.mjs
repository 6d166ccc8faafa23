// Summarizes V8 CPU profiles (`node --cpu-prof`, or `BENCH_PROFILE=dir npm run bench`):
// self time by module (a package under node_modules, node's own code, the app bundle, or
// V8's pseudo-frames such as the garbage collector), the functions with the most self time,
// and the total time under frames whose names match --under patterns (inclusive).
// Usage: node scripts/profile-summary.mjs [--top N] [--last SECONDS] [--under name,...] file...
// (--last: only the profile's final seconds, e.g. a bench's timed run without the start-up.)
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let top = 30;
let under = [];
let last = Infinity;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--top') top = Number(args[++i]);
  else if (args[i] === '--under') under = args[++i].split(',').filter(Boolean);
  else if (args[i] === '--last') last = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node scripts/profile-summary.mjs [--top N] [--under name,...] file...');
  process.exit(2);
}

/** Where a frame's code lives: a package, node itself, the app, or a V8 pseudo-frame. */
function moduleOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:internal/')) return url.split('/').slice(0, 2).join('/');
  if (url.startsWith('node:')) return url;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 14).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? `app ${url.slice(dist + 1)}` : url;
}

const byModule = new Map();
const byFunction = new Map();
const inclusive = new Map();
const underTotals = new Map(under.map((u) => [u, 0]));
let total = 0;
let idle = 0;

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Self time per node from the samples and their time deltas (µs), within the last
  // `last` seconds of the profile when asked (e.g. a bench's timed run, not the start-up).
  const self = new Map();
  const from = profile.endTime - last * 1e6;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i];
    if (t < from) continue;
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + dt);
  }
  for (const [id, us] of self) {
    const { callFrame } = nodes.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const mod = moduleOf(callFrame.url, name);
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
    const key = `${name}  ${mod}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    // Inclusive: charge this sample to each function on its stack and each --under pattern
    // found there (once each). A frame reads `name module:line`, e.g. `run app dist/x.js:12`.
    const seen = new Set();
    const fns = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at).callFrame;
      const label = `${frame.functionName || '(anonymous)'}  ${moduleOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;
      fns.add(label);
      for (const u of under) if (label.includes(u)) seen.add(u);
    }
    for (const u of seen) underTotals.set(u, underTotals.get(u) + us);
    for (const f of fns) inclusive.set(f, (inclusive.get(f) ?? 0) + us);
  }
}

const ms = (us) => (us / 1000).toFixed(1).padStart(9);
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`busy ${ms(total)} ms, idle ${ms(idle)} ms, ${files.length} profile(s)\n`);
console.log('Self time by module');
for (const [mod, us] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${ms(us)} ms ${pct(us)}  ${mod}`);
console.log('\nSelf time by function');
for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${ms(us)} ms ${pct(us)}  ${fn}`);
console.log('\nInclusive time by function');
for (const [fn, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${ms(us)} ms ${pct(us)}  ${fn}`);
if (under.length > 0) {
  console.log('\nInclusive time under');
  for (const [u, us] of underTotals) console.log(`${ms(us)} ms ${pct(us)}  ${u}`);
}
