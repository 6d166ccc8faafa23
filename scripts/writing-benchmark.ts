/**
 * The writing checker's benchmark (decision 050) on server/features/writing/benchmark/corpus.yaml:
 * seeded errors flagged at the right place, the right topic among those, and false "error"
 * alarms on correct sentences — for Skillway's checker and for Harper alone — then the median
 * server CPU time to check a 300-word draft in the checker's thread (the process's CPU, every
 * thread counted), and the longest stall of the server's event loop while a slow text (10,000
 * characters of made-up words) is checked: in the checker's thread, and on the event loop as
 * it ran before decision 052. `npm run bench` runs it too.
 * Usage: npx tsx scripts/writing-benchmark.ts [--misses] [--json]
 *   --misses  also list each miss, wrong topic and false alarm
 *   --json    print the figures as one JSON object (for scripts/bench.mjs)
 */
import { join } from 'node:path';
import type { WritingFinding } from '../core/writing/findings';
import { loadCatalog } from '../server/content/catalog';
import { loadCorpus } from '../server/features/writing/benchmark/corpus';
import { WritingChecker, fromHarper, topicChecks } from '../server/features/writing/checker';
import { CheckerThread } from '../server/features/writing/checker-thread';
import { harperFindings } from '../server/features/writing/harper';
import { madeUpWords } from '../server/features/writing/made-up-words';

const args = new Set(process.argv.slice(2));
const catalog = loadCatalog(join(import.meta.dirname, '..', 'content'));
const corpus = loadCorpus();
// The checker as the server runs it, in its own thread; and the same checker on this
// thread, as it ran before decision 052, for the event loop's stall below.
const thread = new CheckerThread(topicChecks(catalog.grammar.topics.values()));
await thread.warm();
const checker = WritingChecker.fromTopics(catalog.grammar.topics.values());
await checker.warm();

type Check = (text: string) => Promise<WritingFinding[]>;
const checkers: [string, Check][] = [
  ['Skillway', (text) => thread.check(text)],
  ['Harper alone', async (text) => (await harperFindings(text)).map((f) => fromHarper(f, text))],
];

const pct = (n: number, of: number) => (of === 0 ? 0 : Math.round((1000 * n) / of) / 10);

interface Figures {
  flagged: number;
  rightTopic: number;
  falseAlarms: number;
}
const results: Record<string, Figures> = {};
const misses: string[] = [];

for (const [name, check] of checkers) {
  let flagged = 0;
  let rightTopic = 0;
  for (const s of corpus.errors) {
    const start = s.text.indexOf(s.flag);
    const end = start + s.flag.length;
    const found = (await check(s.text)).filter((f) => f.start < end && start < f.end);
    if (found.length === 0) {
      if (name === 'Skillway') misses.push(`missed (${s.topic ?? 'no topic'}): ${s.text}`);
      continue;
    }
    flagged++;
    if (found.some((f) => f.topic === s.topic)) rightTopic++;
    else if (name === 'Skillway')
      misses.push(
        `wrong topic (${found.map((f) => f.topic ?? 'none').join(', ')} for ${s.topic ?? 'none'}): ${s.text}`,
      );
  }
  let falseAlarms = 0;
  for (const text of corpus.correct) {
    const errors = (await check(text)).filter((f) => f.severity === 'error');
    if (errors.length === 0) continue;
    falseAlarms++;
    if (name === 'Skillway')
      misses.push(
        `false alarm: ${text} — ${errors.map((f) => `"${text.slice(f.start, f.end)}" (${f.message})`).join('; ')}`,
      );
  }
  results[name] = {
    flagged: pct(flagged, corpus.errors.length),
    rightTopic: pct(rightTopic, flagged),
    falseAlarms: pct(falseAlarms, corpus.correct.length),
  };
}

/**
 * 300-word drafts from the corpus's sentences, a different order each time (a fixed seed, so
 * runs compare): Harper caches what it has seen, and a learner's draft is new text.
 */
let seed = 28;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pool = [...corpus.errors.map((e) => e.text), ...corpus.correct];
function draft(words = 300): string {
  const order = pool.map((s) => [random(), s] as const).sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const s = order[i % order.length]![1];
    out.push(s);
    count += s.split(/\s+/).length;
  }
  return out.join(' ');
}
/** The process's CPU time (all threads: this one and the checker's) for `work`, in ms. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
await thread.check(draft());
const cpu: number[] = [];
let draftWords = 0;
for (let i = 0; i < 40; i++) {
  const text = draft();
  draftWords += text.split(/\s+/).length / 40;
  cpu.push(await cpuMs(() => thread.check(text)));
}
cpu.sort((a, b) => a - b);
const ms = (q: number) => Math.round(cpu[Math.floor(cpu.length * q)]! * 10) / 10;
const medianCpuMs = ms(0.5);
const p90CpuMs = ms(0.9);
draftWords = Math.round(draftWords);

/**
 * The event loop's longest stall while `work` runs, in ms: the longest gap between the ticks
 * of a 5 ms timer (perf_hooks' monitorEventLoopDelay misses a loop blocked by a promise chain).
 */
async function longestStallMs(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await work();
  // One more tick, so a stall that ended with `work` is counted.
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(tick);
  return Math.round(longest);
}
const slow = { text: madeUpWords(Date.now()), cpuMs: 0, wallMs: 0 };
const slowStarted = performance.now();
let slowCpuMs = 0;
const stallInThreadMs = await longestStallMs(async () => {
  slowCpuMs = await cpuMs(() => thread.check(slow.text));
});
slow.cpuMs = Math.round(slowCpuMs);
slow.wallMs = Math.round(performance.now() - slowStarted);
const stallOnLoopMs = await longestStallMs(() => checker.check(madeUpWords(Date.now() + 1)));
// The same measure with nothing to do for as long: what the machine's scheduling alone gives.
const stallIdleMs = await longestStallMs(
  () => new Promise((resolve) => setTimeout(resolve, slow.wallMs)),
);
await thread.close();

if (args.has('--json')) {
  console.log(
    JSON.stringify({
      corpus: { errors: corpus.errors.length, correct: corpus.correct.length },
      results,
      draftWords,
      medianCpuMs,
      p90CpuMs,
      slowCheck: { cpuMs: slow.cpuMs, wallMs: slow.wallMs },
      longestStallMs: {
        checkerThread: stallInThreadMs,
        eventLoop: stallOnLoopMs,
        idle: stallIdleMs,
      },
    }),
  );
} else {
  console.log(
    `Corpus: ${corpus.errors.length} sentences with one seeded error, ${corpus.correct.length} correct sentences.\n`,
  );
  console.log(
    '| checker | errors flagged at the right place | right topic among those | false "error" alarms on correct sentences |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const [name, r] of Object.entries(results))
    console.log(`| ${name} | ${r.flagged} % | ${r.rightTopic} % | ${r.falseAlarms} % |`);
  console.log(
    `\nServer CPU to check a ${draftWords}-word draft in the checker's thread (40 different drafts; the process's CPU, every thread): median ${medianCpuMs} ms, 90th percentile ${p90CpuMs} ms.`,
  );
  console.log(
    `A slow text (10,000 characters of made-up words): ${slow.cpuMs} ms of CPU, answered in ${slow.wallMs} ms. The event loop's longest stall meanwhile: ${stallInThreadMs} ms with the checker in its thread; ${stallOnLoopMs} ms with the checker on the event loop (before decision 052); ${stallIdleMs} ms with no check at all (the machine's scheduling).`,
  );
  if (args.has('--misses')) console.log(`\n${misses.join('\n')}`);
}
