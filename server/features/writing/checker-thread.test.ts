import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../content/catalog';
import { topicChecks } from './checker';
import { CheckerBusy, CheckerFailed, CheckerThread } from './checker-thread';
import { madeUpWords } from './made-up-words';

const checks = topicChecks(
  loadCatalog(join(import.meta.dirname, '..', '..', '..', 'content')).grammar.topics.values(),
);
const thread = new CheckerThread(checks, { queueLimit: 2 });
afterAll(() => thread.close());

describe("the writing checker's thread", () => {
  it('answers with the findings the checker makes, loading Harper once', async () => {
    const text = 'We have less bugs and I have went home.';
    const found = await thread.check(text);
    expect(found.map((f) => [text.slice(f.start, f.end), f.topic])).toEqual([
      ['less', 'countable-uncountable-nouns'],
      ['went', 'regular-irregular-verbs'],
    ]);
    expect(await thread.check('   ')).toEqual([]);
    expect(await thread.check('Zyphora is our biggest client.', ['Zyphora'])).toEqual([]);
    expect(thread.started).toBe(1);
  }, 60_000);

  it('refuses a check when its queue is full, and answers the ones it took', async () => {
    const slow = thread.check(madeUpWords(1));
    const next = thread.check('We has less bugs.');
    await expect(thread.check('One too many.')).rejects.toBeInstanceOf(CheckerBusy);
    expect(thread.pending).toBe(2);
    expect((await slow).length).toBeGreaterThan(0);
    expect((await next).length).toBeGreaterThan(0);
    expect(thread.pending).toBe(0);
  }, 60_000);

  it('ends a thread past its deadline, fails that check, and starts a new thread for the next', async () => {
    thread.deadlineMs = 1;
    await expect(thread.check(madeUpWords(2))).rejects.toBeInstanceOf(CheckerFailed);
    thread.deadlineMs = 15_000;
    const text = 'We have less bugs.';
    const found = await thread.check(text);
    expect(found.map((f) => text.slice(f.start, f.end))).toEqual(['less']);
    expect(thread.started).toBe(2);
  }, 60_000);

  it('fails waiting checks when closed, and every check after', async () => {
    const waiting = thread.check(madeUpWords(3)).catch((err: unknown) => err);
    await thread.close();
    expect(await waiting).toBeInstanceOf(CheckerFailed);
    await expect(thread.check('We have less bugs.')).rejects.toBeInstanceOf(CheckerFailed);
  });
});
