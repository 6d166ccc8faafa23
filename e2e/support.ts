import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { OAuth2Server } from 'oauth2-mock-server';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { deepDiveQuestionId } from '../core/grammar/results';
import { nextIp } from '../server/test/users';
import { QUIZ_LENGTH } from '../core/grammar/quiz-pick';
// @ts-expect-error -- plain ESM helper shared with scripts/ (no types needed)
import { chromiumArgs, chromiumPath, fakeMicrophoneArgs } from '../scripts/chromium.mjs';
// @ts-expect-error -- plain ESM helper shared with scripts/ (no types needed)
import { freshPostgresDatabase } from '../scripts/with-postgres-bin.mjs';

export const root = join(import.meta.dirname, '..');
const serverEntry = join(root, 'dist', 'server', 'main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  /** The PostgreSQL database's URL; null on SQLite (the file is in dataDir). */
  databaseUrl: string | null;
  /** Runs SQL on the server's database (`?` placeholders), for checks a journey cannot see. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/**
 * Starts the built server (`npm run build` first) on a free loopback port with a temp data
 * dir: on SQLite, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set (the
 * journeys run on both). `{ sqlite: true }` pins SQLite for tests about the embedded file.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: {
    sqlite?: boolean;
    /**
     * Start on an existing server's data (same DATA_DIR, same DATABASE_URL), e.g. after
     * killing it; `stop()` then leaves that data in place (the first server's `stop()` removes it).
     */
    reuse?: Pick<RunningServer, 'dataDir' | 'databaseUrl'>;
  } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry))
    throw new Error('dist/server/main.js is missing: run `npm run build` before the e2e tests.');
  const port = await freePort();
  const reuse = opts.reuse;
  const dataDir = reuse ? reuse.dataDir : mkdtempSync(join(tmpdir(), 'skillway-e2e-'));
  const pgDb = reuse
    ? reuse.databaseUrl
      ? { url: reuse.databaseUrl, drop: async () => undefined }
      : null
    : process.env.TEST_DATABASE_URL && !opts.sqlite
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL, 'skillway_e2e')
      : null;
  if (pgDb) env = { DATABASE_URL: pgDb.url, ...env };
  let out = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      APP_URL: `http://127.0.0.1:${port}`,
      // The journeys read the mails they cause (confirmations, resets, invitations) there.
      DEV_OUTBOX: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a busy 2-core machine a cold start (migrations, content) has taken over 30 s.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    if (pgDb) {
      const c = new pg.Client({ connectionString: pgDb.url });
      await c.connect();
      try {
        let i = 0;
        return (
          await c.query(
            sql.replace(/\?/g, () => `$${++i}`),
            params,
          )
        ).rows as T[];
      } finally {
        await c.end();
      }
    }
    const db = new Database(join(dataDir, 'skillway.db'));
    try {
      const stmt = db.prepare(sql);
      return (stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])) as T[];
    } finally {
      db.close();
    }
  };
  return {
    url,
    dataDir,
    dialect: pgDb ? 'postgres' : 'sqlite',
    databaseUrl: pgDb?.url ?? null,
    query,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (!reuse) rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
      return code;
    },
  };
}

/**
 * A server-rendered page is on screen before React has hydrated it, and what a journey does
 * before then (a key, a typed search) would be lost. So after every `goto` and `reload`, a
 * page waits until the app marks the document ready (app/main.tsx); documents that are not
 * the app (JSON, the dev mailbox) and contexts without JavaScript do not wait.
 */
function waitForApp(page: Page): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  keepLog(page);
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.ready === 'true',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await ready();
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await ready();
    return res;
  };
  return page;
}
const patched = new WeakSet<Page>();

/**
 * React's hydration errors: the server's HTML and the client's first render differ (or
 * hydrating failed), and React throws that HTML away and draws the page again. The build
 * logs them minified (#418, #419, #421–#425, with a react.dev/errors link), a development
 * build in words.
 */
const HYDRATION_ERROR = new RegExp(
  [
    String.raw`Minified React error #(?:41[89]|42[1-5])\b`,
    String.raw`react\.dev/errors/(?:41[89]|42[1-5])\b`,
    'Hydration failed',
    'while hydrating',
    'before it finished hydrating',
    'Switched to client rendering',
    'did(?:n.t| not) match (?:the )?(?:client|server)',
    'tree hydrated but',
  ].join('|'),
  'i',
);

export const isHydrationError = (text: string): boolean => HYDRATION_ERROR.test(text);

/**
 * Hydration errors seen on any page of the journey's test (console or page error). Every
 * journey fails on one (the `afterEach` below): a page that is drawn twice flashes, loses
 * what was typed into it meanwhile, and is slow on a phone.
 */
const hydrationErrors: string[] = [];

afterEach(() => {
  if (hydrationErrors.length === 0) return;
  const seen = hydrationErrors.splice(0);
  throw new Error(
    `React hydration error: the server's HTML and the first client render differ\n${seen.join('\n')}`,
  );
});

/** The last console messages and page errors of each page, for a failed journey's report. */
const pageLogs = new WeakMap<Page, string[]>();
function keepLog(page: Page) {
  const log: string[] = [];
  pageLogs.set(page, log);
  const add = (line: string) => {
    log.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
    if (log.length > 12) log.shift();
  };
  const hydration = (text: string) => {
    if (isHydrationError(text)) hydrationErrors.push(`  ${page.url()}: ${text.slice(0, 500)}`);
  };
  page.on('console', (m) => {
    hydration(m.text());
    if (m.type() === 'error' || m.type() === 'warning') add(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    hydration(e.message);
    add(`page error: ${e.message}`);
  });
  page.on('requestfailed', (r) => add(`request failed: ${r.method()} ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) add(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
}

/** Where failed journeys leave what their pages showed; `npm test` prints it in its summary. */
export const failureDir = join(root, '.test-results', 'e2e-failures');

/**
 * What every open page of a failed journey shows: its address, the start of its main
 * content, and its last console errors and failed requests. A failure on a loaded CI machine
 * is then explained by its log alone.
 */
async function reportPages(browser: Browser | undefined, testName: string): Promise<void> {
  if (!browser) return;
  const lines: string[] = [];
  for (const context of browser.contexts())
    for (const page of context.pages()) {
      const text = await Promise.race([
        page
          .evaluate(() => (document.querySelector('main') ?? document.body)?.innerText ?? '')
          .catch((e: Error) => `(could not read the page: ${e.message})`),
        new Promise<string>((r) => setTimeout(() => r('(the page did not answer in 5 s)'), 5000)),
      ]);
      lines.push(`page ${page.url()}`);
      lines.push(`  shows: ${text.replace(/\s+/g, ' ').slice(0, 600)}`);
      for (const l of pageLogs.get(page) ?? []) lines.push(`  ${l}`);
    }
  if (!lines.length) return;
  mkdirSync(failureDir, { recursive: true });
  const file = testName.replace(/[^\w-]+/g, '-').slice(0, 100);
  const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
  writeFileSync(
    join(failureDir, `${db}-${file}.txt`),
    `${testName} (${db})\n${lines.join('\n')}\n`,
  );
}

function appContext(context: BrowserContext, javaScript: boolean): BrowserContext {
  if (!javaScript) return context;
  context.on('page', waitForApp);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitForApp(await newPage());
  return context;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs(extraArgs),
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) =>
    appContext(await newContext(options), options?.javaScriptEnabled !== false);
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}

/**
 * A browser context signed in as a new user (created through the real auth endpoints), at
 * `email` when one is given (an address someone was invited at, say).
 */
export async function signedInContext(
  browser: Browser,
  server: RunningServer,
  name = 'Test Learner',
  email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  opts: { verified?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  const password = 'e2e learner password';
  // A client address of its own: a journey started with TRUSTED_PROXIES=127.0.0.1 can sign
  // in more people than one address may in a minute (elsewhere the header is ignored).
  const headers = { Origin: server.url, 'X-Forwarded-For': nextIp() };
  await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers,
  });
  if (opts.verified) await confirmAddress(context, server, email);
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers,
  });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()}`);
  return context;
}

/** A signed-in learner on a touch phone (390×844): taps, swipes and the phone's layout. */
export async function signedInPhone(
  browser: Browser,
  server: RunningServer,
  name: string,
): Promise<BrowserContext> {
  const base = await signedInContext(browser, server, name);
  const state = await base.storageState();
  await base.close();
  return browser.newContext({
    baseURL: server.url,
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    storageState: state,
  });
}

/** Confirms `email` as its owner would: follows the newest verification link mailed to it. */
export async function confirmAddress(
  context: BrowserContext,
  server: RunningServer,
  email: string,
): Promise<void> {
  const [mail] = await server.query<{ link: string }>(
    "select link from mail_outbox where to_address = ? and kind = 'verify-email' order by created_at desc limit 1",
    [email],
  );
  if (!mail) throw new Error(`no verification mail went to ${email}`);
  const link = new URL(mail.link);
  const res = await context.request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  if (res.status() >= 400) throw new Error(`verification failed: ${res.status()}`);
}

export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * One built server and one Chromium for a test file: started before its tests, stopped
 * after them. Read `server` and `browser` inside tests (they exist once beforeAll has run).
 */
export function journey(
  opts: {
    env?: Record<string, string>;
    browserArgs?: string[];
    /** A fake microphone that allows itself: `true` for Chromium's beep, or a WAV file's path. */
    microphone?: true | string;
  } = {},
): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(opts.env);
    const microphone = opts.microphone
      ? fakeMicrophoneArgs(opts.microphone === true ? undefined : opts.microphone)
      : [];
    browser = await launchBrowser([...microphone, ...(opts.browserArgs ?? [])]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(() => reportPages(browser, task.fullName));
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the journey's ${name} is not started yet`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/**
 * Resolves once this browser keeps an answer to `questionId`: a guest's, or a learner's made
 * offline (the device's guest and outbox stores, app/lib/offline-store.ts).
 */
export async function answerKept(page: Page, questionId: string): Promise<void> {
  await page.waitForFunction(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('skillway');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['guest', 'outbox'].filter((s) => db.objectStoreNames.contains(s));
          if (stores.length === 0) return resolve(false);
          const tx = db.transaction(stores);
          const found: unknown[] = [];
          for (const s of stores) {
            const all = tx.objectStore(s).getAll();
            all.onsuccess = () => found.push(...all.result);
          }
          tx.oncomplete = () =>
            resolve(
              (found as { op: { questionId?: string } }[]).some((r) => r.op.questionId === id),
            );
          tx.onerror = () => resolve(false);
          db.close();
        };
      }),
    questionId,
    { polling: 50 },
  );
}

/**
 * Answers deep-dive question n, right or wrong, by its number key (options can differ by one
 * word) as a guest or offline; `visit` opens the question first. Resolves once the device
 * keeps the answer: the explanation shows at once, and a full navigation before the device
 * has kept the answer would drop it.
 */
export async function answerDeepDiveKept(
  page: Page,
  question: { id: number; correctIndex: number; options: readonly string[] },
  { right = true, visit = true }: { right?: boolean; visit?: boolean } = {},
): Promise<void> {
  const n = question.id;
  if (visit) await page.goto(`/grammar/question/${n}`);
  await page.getByRole('heading', { name: `Deep Dive ${n}` }).waitFor();
  await page.getByTestId('dd-placeholder').waitFor();
  const choice = right
    ? question.correctIndex
    : (question.correctIndex + 1) % question.options.length;
  await page.keyboard.press(String(choice + 1));
  await page.getByTestId('dd-explanation-text').waitFor();
  await answerKept(page, deepDiveQuestionId(n));
}

interface QuizQuestion {
  id: string;
  question: string;
  correctIndex: number;
  options: readonly string[];
}
interface QuizTopic<Q extends QuizQuestion = QuizQuestion> {
  topic: string;
  questions: readonly Q[];
}

/** The topic quiz question on screen (each run asks a rotating set of the bank). */
export async function questionOnScreen<Q extends QuizQuestion>(
  page: Page,
  topic: QuizTopic<Q>,
): Promise<Q> {
  const text = await page.locator('#quiz-question').textContent();
  const q = topic.questions.find((t) => t.question === text);
  if (!q) throw new Error(`not a ${topic.topic} question: ${text}`);
  return q;
}

/**
 * Answers a topic quiz run by keyboard from position `from`: right when `correct(i)`, else
 * wrong. 'Next Question' (the default, also beside the early 'Submit Quiz') moves on with
 * Enter; 'Submit Quiz' on the last question submits.
 */
export async function takeTopicQuiz(
  page: Page,
  topic: QuizTopic,
  correct: (i: number) => boolean,
  from = 0,
): Promise<string[]> {
  const length = Math.min(QUIZ_LENGTH, topic.questions.length);
  const ids: string[] = [];
  for (let i = from; i < length; i++) {
    await page.getByRole('heading', { name: `Practice: ${i + 1} / ${length}` }).waitFor();
    const q = await questionOnScreen(page, topic);
    ids.push(q.id);
    const choice = correct(i) ? q.correctIndex : (q.correctIndex + 1) % q.options.length;
    await page.keyboard.press(String(choice + 1));
    await page.getByTestId('quiz-feedback').waitFor();
    const ahead = length - 1 - i;
    const main = page.getByRole('button', { name: ahead > 0 ? 'Next Question' : 'Submit Quiz' });
    await main.waitFor();
    if (ahead > 0) await page.keyboard.press('Enter');
    else await main.click();
  }
  return ids;
}

/**
 * A local OpenID Connect provider (oauth2-mock-server) on a free loopback port. It vouches
 * for whatever identity was last given to `vouchFor`, in the ID token and at userinfo.
 */
export async function startOidcProvider(): Promise<{
  discoveryUrl: string;
  vouchFor: (identity: Record<string, unknown>) => void;
  stop: () => Promise<void>;
}> {
  let identity: Record<string, unknown> = {};
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(await freePort(), '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, identity);
  });
  oidc.service.on('beforeUserinfo', (res) => {
    res.body = { ...identity };
  });
  return {
    discoveryUrl: `${oidc.issuer.url}/.well-known/openid-configuration`,
    vouchFor: (next) => {
      identity = next;
    },
    stop: () => oidc.stop(),
  };
}

/**
 * Scrolls to the very end of the page and measures where its footer ends and where the
 * highest element fixed at the bottom (tab bar, drawer toggles) begins: the end is clear of
 * them when `footer <= top + 1`.
 */
export async function pageEndClear(page: Page): Promise<{ footer: number; top: number }> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const footer = document.querySelector('footer')!.getBoundingClientRect().bottom;
    const fixed = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => getComputedStyle(el).position === 'fixed' && el.offsetHeight > 0)
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.bottom >= innerHeight - 1 && r.width > 0)
      .map((r) => r.top);
    return { footer, top: Math.min(innerHeight, ...fixed) };
  });
}

/** Fully on screen and the topmost thing at its center (not under the bottom bar). */
export async function expectReachable(page: Page, target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, `${what} is on the page`).not.toBeNull();
  const vh = page.viewportSize()!.height;
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends on screen`).toBeLessThanOrEqual(vh);
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
  expect(onTop, `${what} is not covered`).toBe(true);
}

/** The list changes this browser keeps (a guest's, or a learner's made offline), oldest first. */
export async function keptItemOps(page: Page): Promise<{ itemId: string; op: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ itemId: string; op: string }[]>((resolve) => {
        const open = indexedDB.open('skillway');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['guest', 'outbox'].filter((s) => db.objectStoreNames.contains(s));
          if (stores.length === 0) return resolve([]);
          const tx = db.transaction(stores);
          const found: { op: { type: string; itemId: string; op: string } }[] = [];
          for (const s of stores) {
            const all = tx.objectStore(s).getAll();
            all.onsuccess = () => found.push(...all.result);
          }
          tx.oncomplete = () =>
            resolve(
              found
                .filter((r) => r.op.type === 'item')
                .map((r) => ({ itemId: r.op.itemId, op: r.op.op })),
            );
          tx.onerror = () => resolve([]);
          db.close();
        };
      }),
  );
}
