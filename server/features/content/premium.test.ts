import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
let free: { cookie: string; id: string };
let premium: { cookie: string; id: string };
beforeAll(async () => {
  t = await startTestServer({
    contentDir,
    env: { TRUSTED_PROXIES: '127.0.0.1', PREMIUM_WITHOUT_PAYMENTS: 'locked' },
  });
  free = await createUser(t);
  premium = await createUser(t);
  await t.db.db
    .updateTable('user')
    .set({ stripeRole: 'premium' })
    .where('id', '=', premium.id)
    .execute();
});
afterAll(() => t.close());

const get = (path: string, cookie?: string) =>
  t.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });

const PREMIUM_PROMPT = 'open-a-quarterly-all-hands';
const FREE_PROMPT = 'decline-a-meeting-politely';
const PREMIUM_QUESTION = 'unpopular-decision';

describe(`the premium gate (${testDialect})`, () => {
  it('lists mark premium items, and only premium users may open them', async () => {
    const { prompts } = await (await get('/api/content/prompts')).json();
    expect(prompts.find((p: { id: string }) => p.id === PREMIUM_PROMPT).premium).toBe(true);
    const guest = await get(`/api/content/prompts/${PREMIUM_PROMPT}`);
    expect(guest.status).toBe(401);
    const denied = await get(`/api/content/prompts/${PREMIUM_PROMPT}`, free.cookie);
    expect(denied.status).toBe(403);
    expect((await denied.json()).error).toEqual({
      code: 'permission-denied',
      message: 'This prompt is part of Premium. Upgrade to open it.',
    });
    const ok = await get(`/api/content/prompts/${PREMIUM_PROMPT}`, premium.cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    expect((await ok.json()).tips.length).toBeGreaterThan(0);
    const open = await get(`/api/content/prompts/${FREE_PROMPT}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it.each([
    ['insights', 'cynefin-framework'],
    ['activities', 'okr-draft'],
  ])('premium %s are gated the same way', async (section, id) => {
    expect((await get(`/api/content/${section}/${id}`, free.cookie)).status).toBe(403);
    expect((await get(`/api/content/${section}/${id}`, premium.cookie)).status).toBe(200);
  });

  it('interview sets keep premium questions visible but send their guidance only to premium users', async () => {
    const find = async (cookie?: string) =>
      (await (await get('/api/content/interviews/behavioral', cookie)).json()).questions.find(
        (q: { id: string }) => q.id === PREMIUM_QUESTION,
      );
    for (const cookie of [undefined, free.cookie]) {
      const q = await find(cookie);
      expect(q).toMatchObject({ locked: true, premium: true, lookingFor: [] });
      expect(q).not.toHaveProperty('outline');
      expect(q).not.toHaveProperty('modelAnswer');
      expect(q.question.length).toBeGreaterThan(10);
    }
    const full = await find(premium.cookie);
    expect(full.locked).toBeUndefined();
    expect(full.lookingFor.length).toBeGreaterThan(0);
  });

  it.each([
    ['behavioral', PREMIUM_QUESTION, 'modelAnswer'],
    ['system-design', 'design-event-ticketing-surge', 'modelOutline'],
    ['coding', 'sliding-window-maximum', 'solution'],
  ])('a premium %s question (%s) sends its %s only to premium users', async (type, id, field) => {
    const find = async (cookie?: string) => {
      const res = await get(`/api/content/interviews/${type}`, cookie);
      const { questions } = (await res.json()) as { questions: Record<string, unknown>[] };
      return questions.find((q) => q.id === id);
    };
    for (const cookie of [undefined, free.cookie]) {
      const q = await find(cookie);
      expect(q).toMatchObject({ id, locked: true, premium: true, structure: [] });
      // Only the question's text and level leave the server, whatever guidance it has.
      expect(Object.keys(q ?? {}).sort()).toEqual([
        'followUps',
        'id',
        'level',
        'locked',
        'lookingFor',
        'premium',
        'question',
        'structure',
      ]);
    }
    const full = await find(premium.cookie);
    expect(full?.locked).toBeUndefined();
    expect(full?.[field]).toEqual(expect.any(Object));
  });

  it('free users may plan a premium item but not write answers or recordings for it', async () => {
    const plan = await t.fetch(`/api/items/prompt/${PREMIUM_PROMPT}/plan`, {
      method: 'POST',
      headers: { Cookie: free.cookie },
    });
    expect(plan.status).toBe(200);
    const patch = await t.fetch(`/api/items/prompt/${PREMIUM_PROMPT}`, {
      method: 'PATCH',
      headers: { Cookie: free.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entries: [{ text: 'x' }] }),
    });
    expect(patch.status).toBe(403);
    const webm = new Uint8Array(100);
    webm.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d]);
    const rec = await t.fetch(`/api/recordings/${PREMIUM_QUESTION}`, {
      method: 'POST',
      headers: { Cookie: free.cookie, 'Content-Type': 'audio/webm' },
      body: webm,
    });
    expect(rec.status).toBe(403);
    const asPremium = await t.fetch(`/api/recordings/${PREMIUM_QUESTION}`, {
      method: 'POST',
      headers: { Cookie: premium.cookie, 'Content-Type': 'audio/webm' },
      body: webm,
    });
    expect(asPremium.status).toBe(201);
  });
});

describe(`premium on a server without payments (${testDialect})`, () => {
  let open: TestServer;
  beforeAll(async () => {
    open = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(() => open.close());

  it('is open to guests and free users by default, and /api/config says so', async () => {
    expect(await (await open.fetch('/api/config')).json()).toMatchObject({
      premium: 'open',
      payments: false,
    });
    expect((await open.fetch(`/api/content/prompts/${PREMIUM_PROMPT}`)).status).toBe(200);
    const user = await createUser(open);
    const insight = await open.fetch('/api/content/insights/cynefin-framework', {
      headers: { Cookie: user.cookie },
    });
    expect(insight.status).toBe(200);
    const set = await (await open.fetch('/api/content/interviews/behavioral')).json();
    const q = set.questions.find((x: { id: string }) => x.id === PREMIUM_QUESTION);
    expect(q.locked).toBeUndefined();
    expect(q.lookingFor.length).toBeGreaterThan(0);
    const patch = await open.fetch(`/api/items/prompt/${PREMIUM_PROMPT}`, {
      method: 'PATCH',
      headers: { Cookie: user.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entries: [{ text: 'x' }] }),
    });
    expect(patch.status).toBe(200);
  });

  it('stays locked where PREMIUM_WITHOUT_PAYMENTS=locked', async () => {
    expect(await (await t.fetch('/api/config')).json()).toMatchObject({
      premium: 'locked',
      payments: false,
    });
    expect((await get(`/api/content/prompts/${PREMIUM_PROMPT}`)).status).toBe(401);
    expect((await get('/api/content/insights/cynefin-framework', free.cookie)).status).toBe(403);
  });
});

describe(`premium on a server that takes payments (${testDialect})`, () => {
  let paid: TestServer;
  beforeAll(async () => {
    // Checkout is never started here, so the key and price need not be real.
    paid = await startTestServer({
      contentDir,
      env: {
        TRUSTED_PROXIES: '127.0.0.1',
        STRIPE_SECRET_KEY: 'sk_test_skillway',
        STRIPE_PRICE_ID: 'price_premium_monthly',
        PREMIUM_WITHOUT_PAYMENTS: 'open',
      },
    });
  });
  afterAll(() => paid.close());

  it('is locked whatever PREMIUM_WITHOUT_PAYMENTS says, and /api/config says so', async () => {
    expect(await (await paid.fetch('/api/config')).json()).toMatchObject({
      premium: 'locked',
      payments: true,
    });
    expect((await paid.fetch(`/api/content/prompts/${PREMIUM_PROMPT}`)).status).toBe(401);
    const user = await createUser(paid);
    const refused = await paid.fetch('/api/content/insights/cynefin-framework', {
      headers: { Cookie: user.cookie },
    });
    expect(refused.status).toBe(403);
  });
});
