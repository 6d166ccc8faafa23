import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

const SECRET = 'whsec_test_skillway_webhook_secret';
const signer = new Stripe('sk_test_unused');

/** A stand-in for Stripe's API on loopback: records each call and answers like Stripe. */
let stripeApi: Server;
const calls: { path: string; body: URLSearchParams }[] = [];
let t: TestServer;
let bare: TestServer;
beforeAll(async () => {
  stripeApi = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', body: new URLSearchParams(body) });
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: 'cs_test_1',
            object: 'checkout.session',
            url: 'https://checkout.example/cs_test_1',
          }),
        );
      } else if (req.url === '/v1/billing_portal/sessions') {
        res.end(
          JSON.stringify({
            id: 'bps_1',
            object: 'billing_portal.session',
            url: 'https://portal.example/bps_1',
          }),
        );
      } else {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such route' } }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const port = (stripeApi.address() as AddressInfo).port;
  t = await startTestServer({
    env: {
      TRUSTED_PROXIES: '127.0.0.1',
      STRIPE_SECRET_KEY: 'sk_test_skillway',
      STRIPE_PRICE_ID: 'price_premium_monthly',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    },
  });
  bare = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

let seq = 0;
function subscriptionEvent(
  userId: string,
  type: string,
  status: string,
  created: number,
  opts: { id?: string; customer?: string } = {},
) {
  return {
    id: opts.id ?? `evt_${Date.now()}_${++seq}`,
    object: 'event',
    type,
    created,
    data: {
      object: {
        id: `sub_${userId}`,
        object: 'subscription',
        customer: opts.customer ?? `cus_${userId}`,
        status,
        metadata: { userId },
      },
    },
  };
}

function deliver(
  server: TestServer,
  event: unknown,
  opts: { secret?: string; timestamp?: number; tamper?: (body: string) => string } = {},
) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return server.fetch('/api/billing/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: opts.tamper ? opts.tamper(payload) : payload,
  });
}

async function role(server: TestServer, cookie: string) {
  return (await (await server.fetch('/api/me', { headers: { Cookie: cookie } })).json()).stripeRole;
}
const eventRows = async (id: string) =>
  (await t.db.db.selectFrom('stripe_event').select('id').where('id', '=', id).execute()).length;
const now = () => Math.floor(Date.now() / 1000);

describe(`billing webhooks (${testDialect})`, () => {
  it('a valid event takes effect once; the same event 10 times in a row changes nothing more', async () => {
    const u = await createUser(t);
    const event = subscriptionEvent(u.id, 'customer.subscription.created', 'active', now());
    const first = await deliver(t, event);
    expect(first.status).toBe(200);
    expect((await first.json()).outcome).toBe('applied');
    expect(await role(t, u.cookie)).toBe('premium');
    // Downgrade by hand: a replayed "active" must not bring premium back.
    await t.db.db.updateTable('user').set({ stripeRole: 'free' }).where('id', '=', u.id).execute();
    for (let i = 0; i < 10; i++) {
      const again = await deliver(t, event);
      expect(again.status).toBe(200);
      expect((await again.json()).outcome).toBe('duplicate');
    }
    expect(await role(t, u.cookie)).toBe('free');
    expect(await eventRows(event.id)).toBe(1);
  });

  it('the same event 10 times at once is applied by exactly one delivery', async () => {
    const u = await createUser(t);
    const event = subscriptionEvent(u.id, 'customer.subscription.created', 'active', now());
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, async () => (await (await deliver(t, event)).json()).outcome),
    );
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(await eventRows(event.id)).toBe(1);
    expect(await role(t, u.cookie)).toBe('premium');
  });

  it('refuses a tampered body, a wrong secret, an old timestamp and a missing signature with 400, changing nothing', async () => {
    const u = await createUser(t);
    const event = subscriptionEvent(u.id, 'customer.subscription.created', 'active', now());
    const refusals = [
      await deliver(t, event, { tamper: (b) => b.replace('"active"', '"trialing"') }),
      await deliver(t, event, { secret: 'whsec_wrong_secret' }),
      await deliver(t, event, { timestamp: now() - 301 }),
      await t.fetch('/api/billing/webhook', { method: 'POST', body: JSON.stringify(event) }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid-argument');
    }
    expect(await eventRows(event.id)).toBe(0);
    expect(await role(t, u.cookie)).toBe('free');
  });

  it('out-of-order events converge on the newest state, whatever order they arrive in', async () => {
    const base = now() - 100;
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [2, 0, 1],
    ];
    for (const order of orders) {
      const u = await createUser(t);
      const events = [
        subscriptionEvent(u.id, 'customer.subscription.created', 'active', base),
        subscriptionEvent(u.id, 'customer.subscription.updated', 'past_due', base + 10),
        subscriptionEvent(u.id, 'customer.subscription.deleted', 'canceled', base + 20),
      ];
      for (const i of order) expect((await deliver(t, events[i])).status).toBe(200);
      expect(await role(t, u.cookie), `order ${order.join(',')}`).toBe('free');
      const row = await t.db.db
        .selectFrom('billing_customer')
        .select(['status', 'event_created'])
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('canceled');
      expect(Number(row.event_created)).toBe(base + 20);
    }
    // And the other way: canceled first, then renewed later.
    const u = await createUser(t);
    await deliver(t, subscriptionEvent(u.id, 'customer.subscription.updated', 'active', base + 50));
    await deliver(
      t,
      subscriptionEvent(u.id, 'customer.subscription.deleted', 'canceled', base + 40),
    );
    expect(await role(t, u.cookie)).toBe('premium');
  });

  it('checkout.session.completed links the customer, so later events without our metadata still find the user', async () => {
    const u = await createUser(t);
    await deliver(t, {
      id: `evt_checkout_${u.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: now(),
      data: {
        object: {
          object: 'checkout.session',
          client_reference_id: u.id,
          customer: `cus_x_${u.id}`,
          subscription: `sub_x_${u.id}`,
        },
      },
    });
    const bare = subscriptionEvent(u.id, 'customer.subscription.updated', 'active', now(), {
      customer: `cus_x_${u.id}`,
    });
    bare.data.object.metadata = {} as { userId: string };
    expect((await (await deliver(t, bare)).json()).outcome).toBe('applied');
    expect(await role(t, u.cookie)).toBe('premium');
  });

  it('events for unknown users or of other types are acknowledged and ignored', async () => {
    const ghost = subscriptionEvent(
      'no-such-user',
      'customer.subscription.created',
      'active',
      now(),
    );
    expect((await (await deliver(t, ghost)).json()).outcome).toBe('ignored');
    const other = {
      id: `evt_other_${Date.now()}`,
      object: 'event',
      type: 'invoice.paid',
      created: now(),
      data: { object: { id: 'in_1' } },
    };
    expect((await (await deliver(t, other)).json()).outcome).toBe('ignored');
  });
});

describe(`checkout and portal (${testDialect})`, () => {
  it('creates a subscription Checkout Session for the session user with our id on it', async () => {
    const u = await createUser(t);
    calls.length = 0;
    const res = await t.fetch('/api/billing/checkout', {
      method: 'POST',
      headers: { Cookie: u.cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: 'https://checkout.example/cs_test_1' });
    const call = calls.find((c) => c.path === '/v1/checkout/sessions');
    expect(call?.body.get('mode')).toBe('subscription');
    expect(call?.body.get('client_reference_id')).toBe(u.id);
    expect(call?.body.get('line_items[0][price]')).toBe('price_premium_monthly');
    expect(call?.body.get('subscription_data[metadata][userId]')).toBe(u.id);
    expect(call?.body.get('customer_email')).toBe(u.email);
    expect(call?.body.get('success_url')).toMatch(/\/activity\?checkout=success$/);
  });

  it('the portal needs a customer; then it answers Stripe’s portal URL', async () => {
    const u = await createUser(t);
    const none = await t.fetch('/api/billing/portal', {
      method: 'POST',
      headers: { Cookie: u.cookie },
    });
    expect(none.status).toBe(412);
    await deliver(t, subscriptionEvent(u.id, 'customer.subscription.created', 'active', now()));
    const res = await t.fetch('/api/billing/portal', {
      method: 'POST',
      headers: { Cookie: u.cookie },
    });
    expect(await res.json()).toEqual({ url: 'https://portal.example/bps_1' });
    const state = await (await t.fetch('/api/billing', { headers: { Cookie: u.cookie } })).json();
    expect(state).toEqual({ configured: true, role: 'premium', status: 'active', canManage: true });
    expect(
      (await t.fetch('/api/billing/checkout', { method: 'POST', headers: { Cookie: u.cookie } }))
        .status,
    ).toBe(409);
  });

  it('without Stripe settings, upgrading explains that payments are not configured', async () => {
    const u = await createUser(bare);
    const res = await bare.fetch('/api/billing/checkout', {
      method: 'POST',
      headers: { Cookie: u.cookie },
    });
    expect(res.status).toBe(412);
    expect((await res.json()).error.message).toMatch(/not configured/);
    const state = await (
      await bare.fetch('/api/billing', { headers: { Cookie: u.cookie } })
    ).json();
    expect(state).toMatchObject({ configured: false, role: 'free', canManage: false });
    const hook = await deliver(
      bare,
      subscriptionEvent(u.id, 'customer.subscription.created', 'active', now()),
    );
    expect(hook.status).toBe(412);
  });
});

describe(`npm run set-role in production (${testDialect})`, () => {
  const root = join(import.meta.dirname, '..', '..', '..');
  /**
   * The CLI as an operator runs it on the production server, against this test's database.
   * Asynchronous, so the server in this process keeps answering while it runs.
   */
  const setRole = (server: TestServer, email: string, env: Record<string, string> = {}) =>
    new Promise<{ status: number; stderr: string }>((resolve) => {
      const args = [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        'server/features/billing/set-role-cli.ts',
        email,
        'premium',
      ];
      const options = {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          BETTER_AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789abcd',
          APP_URL: 'https://skillway.example',
          DATA_DIR: server.config.dataDir,
          ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
          ...env,
        },
      };
      execFile(process.execPath, args, options, (err, _stdout, stderr) =>
        resolve({ status: err ? Number(err.code ?? 1) : 0, stderr }),
      );
    });

  it('gives Premium on a server without payments, so its operator can unlock a locked tier', async () => {
    const u = await createUser(bare);
    const run = await setRole(bare, u.email);
    expect(run.status, run.stderr).toBe(0);
    expect(await role(bare, u.cookie)).toBe('premium');
  }, 60_000);

  it('is refused where payments are configured: roles come from Stripe there', async () => {
    const u = await createUser(bare);
    const run = await setRole(bare, u.email, {
      STRIPE_SECRET_KEY: 'sk_test_skillway',
      STRIPE_PRICE_ID: 'price_premium_monthly',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/roles come from Stripe/);
    expect(await role(bare, u.cookie)).toBe('free');
  }, 60_000);
});
