import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WritingFinding } from '../../../core/writing/findings';
import type { TopicCheck } from './rules';

/**
 * The writing checker off the event loop (decision 052). Harper and the lessons' checks run
 * in one worker thread per process (server/features/writing/checker-worker.ts), started on
 * the first check; checks wait in a bounded queue and run one at a time. A thread that dies
 * or overruns its deadline is ended and replaced by a new one for the checks still waiting.
 */

/** What the thread starts with. */
export interface WorkerStart {
  checks: TopicCheck[];
}
/** One check, as the thread receives it. */
export interface CheckRequest {
  id: number;
  text: string;
  dictionary: readonly string[];
}
/** What the thread answers: once "ready" (Harper loaded), then one reply per check. */
export type CheckReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; findings: WritingFinding[] }
  | { type: 'failed'; id: number; message: string };

/** Checks waiting or running, at most: one more is refused as busy. */
export const CHECK_QUEUE_LIMIT = 8;
/**
 * A check past this deadline means a stuck thread: it is ended. The slowest text we know (10,000
 * characters of made-up words, one sentence) takes about 2 s of CPU.
 */
export const CHECK_DEADLINE_MS = 15_000;
/** Loading Harper takes 2–7 seconds of CPU; a thread not ready by then is ended. */
export const LOAD_DEADLINE_MS = 120_000;
/**
 * The thread's JavaScript heap (compromise's parse of 10,000 characters needs tens of MB).
 * Harper's WebAssembly memory (~250 MB) is outside it.
 */
export const WORKER_HEAP_MB = 256;
/** What a busy refusal tells the client to wait: a full queue drains in about that long. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** The queue is full: the client should try again shortly (a 429, not the server's fault). */
export class CheckerBusy extends Error {
  constructor() {
    super('The writing checker is busy.');
    this.name = 'CheckerBusy';
  }
}
/** The thread died, overran its deadline, or was stopped before answering. */
export class CheckerFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckerFailed';
  }
}

/**
 * The thread's code. In the built server (dist/server/main.js) it is its own bundle beside
 * it (scripts/build-server.mjs). Under tsx or vitest this file is TypeScript, and so is the
 * thread's: a small script loads it through tsx (a worker does not inherit the loader).
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
function workerScript(): { script: URL | string; eval: boolean } {
  if (!FROM_SOURCE) return { script: new URL('./checker-worker.js', import.meta.url), eval: false };
  // tsx's ESM entry for its API, as its package.json exports it to `import`.
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  const tsx = new URL(pkg.exports['./esm/api'].import.default, pathToFileURL(pkgFile)).href;
  const entry = new URL('./checker-worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`,
    eval: true,
  };
}

interface Job {
  id: number;
  text: string;
  dictionary: readonly string[];
  resolve: (findings: WritingFinding[]) => void;
  reject: (err: Error) => void;
}

export interface CheckerThreadOptions {
  queueLimit?: number;
  deadlineMs?: number;
}

export class CheckerThread {
  private readonly checks: TopicCheck[];
  private readonly queueLimit: number;
  /** How long one check may run before the thread is deemed stuck and ended. */
  deadlineMs: number;
  private worker: Worker | null = null;
  private ready = false;
  private readonly waiting: Job[] = [];
  private running: Job | null = null;
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;
  /** Threads started so far (the first one, and one per restart). */
  started = 0;

  constructor(checks: TopicCheck[], opts: CheckerThreadOptions = {}) {
    this.checks = checks;
    this.queueLimit = opts.queueLimit ?? CHECK_QUEUE_LIMIT;
    this.deadlineMs = opts.deadlineMs ?? CHECK_DEADLINE_MS;
  }

  /** Checks waiting or running. */
  get pending(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  /**
   * The findings in `text` (WritingChecker.check, in the thread). Rejects with CheckerBusy
   * when the queue is full, CheckerFailed when the thread could not answer.
   */
  check(text: string, dictionary: readonly string[] = []): Promise<WritingFinding[]> {
    if (text.trim() === '') return Promise.resolve([]);
    if (this.closed) return Promise.reject(new CheckerFailed('The writing checker has stopped.'));
    if (this.pending >= this.queueLimit) return Promise.reject(new CheckerBusy());
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, text, dictionary, resolve, reject });
      this.pump();
    });
  }

  /** Loads the thread (and Harper in it) now rather than on the first check. */
  warm(): Promise<void> {
    if (!this.worker && !this.closed) this.start();
    return this.whenReady();
  }

  private readyWaiters: (() => void)[] = [];
  private whenReady(): Promise<void> {
    if (this.ready || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Ends the thread; checks still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const stopped = new CheckerFailed('The writing checker has stopped.');
    for (const job of this.waiting.splice(0)) job.reject(stopped);
    this.running?.reject(stopped);
    this.running = null;
    clearTimeout(this.timer);
    const w = this.worker;
    this.worker = null;
    this.ready = false;
    for (const r of this.readyWaiters.splice(0)) r();
    if (w) await w.terminate();
  }

  private pump(): void {
    if (this.closed || this.running || this.waiting.length === 0) return;
    if (!this.worker) return this.start();
    if (!this.ready) return;
    const job = this.waiting.shift()!;
    this.running = job;
    this.timer = setTimeout(
      () => this.fail(`A writing check took longer than ${this.deadlineMs} ms.`),
      this.deadlineMs,
    ).unref();
    this.worker.postMessage({
      id: job.id,
      text: job.text,
      dictionary: job.dictionary,
    } satisfies CheckRequest);
  }

  private start(): void {
    const { script, eval: isEval } = workerScript();
    const w = new Worker(script, {
      eval: isEval,
      workerData: { checks: this.checks } satisfies WorkerStart,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // The thread never keeps the process alive: shutdown ends it (server/main.ts).
    w.unref();
    this.worker = w;
    this.ready = false;
    this.started++;
    this.timer = setTimeout(
      () => this.fail(`The writing checker did not load within ${LOAD_DEADLINE_MS} ms.`),
      LOAD_DEADLINE_MS,
    ).unref();
    w.on('message', (m: CheckReply) => {
      if (w !== this.worker) return;
      if (m.type === 'ready') {
        clearTimeout(this.timer);
        this.ready = true;
        for (const r of this.readyWaiters.splice(0)) r();
        return this.pump();
      }
      const job = this.running;
      if (!job || job.id !== m.id) return;
      clearTimeout(this.timer);
      this.running = null;
      if (m.type === 'done') job.resolve(m.findings);
      else job.reject(new CheckerFailed(m.message));
      this.pump();
    });
    w.on('error', (err) => {
      if (w === this.worker) this.fail(`The writing checker failed: ${err.message}`);
    });
    w.on('exit', (code) => {
      if (w === this.worker) this.fail(`The writing checker stopped (exit code ${code}).`);
    });
  }

  /**
   * The thread died or overran: it is ended and the check it was running fails. If it died
   * while loading, every waiting check fails too (a thread that cannot load would otherwise
   * be restarted forever); else the next check starts a new thread.
   */
  private fail(reason: string): void {
    const w = this.worker;
    const whileLoading = !this.ready;
    this.worker = null;
    this.ready = false;
    clearTimeout(this.timer);
    void w?.terminate();
    const failed = new CheckerFailed(reason);
    this.running?.reject(failed);
    this.running = null;
    if (whileLoading) {
      for (const job of this.waiting.splice(0)) job.reject(failed);
      for (const r of this.readyWaiters.splice(0)) r();
    }
    this.pump();
  }
}

/** One thread per process for the same checks, whichever app asks (tests start several). */
const threads = new Map<string, CheckerThread>();

export function sharedCheckerThread(checks: TopicCheck[]): CheckerThread {
  const key = JSON.stringify(checks);
  let thread = threads.get(key);
  if (!thread) {
    thread = new CheckerThread(checks);
    threads.set(key, thread);
  }
  return thread;
}

/** Ends every checker thread (server shutdown). */
export async function stopCheckerThreads(): Promise<void> {
  const all = [...threads.values()];
  threads.clear();
  await Promise.all(all.map((t) => t.close()));
}
