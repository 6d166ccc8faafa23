import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, startServer } from './support';

describe('the server process', () => {
  it('creates and migrates its SQLite database under DATA_DIR on first start', async () => {
    const s = await startServer({}, { sqlite: true });
    try {
      expect(existsSync(join(s.dataDir, 'skillway.db'))).toBe(true);
      expect(s.output()).toContain(
        '"applied":["0001-foundation","0002-accounts","0003-grammar","0004-items","0005-billing","0006-skills","0007-review","0008-sync","0009-quiz-questions","0010-points-by-tag","0011-teams","0012-assignments","0013-retention","0014-points-by-day","0015-word-study","0016-review-typed","0018-team-join-links","0019-running-aggregates","0020-reminders","0021-team-buckets"]',
      );
      expect(s.output()).toContain('Skillway is running at');
    } finally {
      await s.stop();
    }
  });

  it('on SIGTERM finishes the request in flight, refuses new ones and exits 0', async () => {
    const s = await startServer({}, { sqlite: true });
    const body = JSON.stringify({ events: [{ type: 'page_view', path: '/drain', hash: '' }] });
    // Send the headers and half the body, so the request is in flight when the signal lands.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request(`${s.url}/api/analytics/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        s.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await inFlight).toBe(202);
    await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
    const code = await s.stop();
    expect(s.output()).toContain('shutting down');
    expect(s.output()).toContain('"msg":"stopped"');
    expect(code).toBe(0);
  });

  it('on SIGTERM under a steady write load answers no 5xx, drains, and keeps every acknowledged write', async () => {
    // Same secret on restart, so the data is read back by the same app.
    const env = {
      BETTER_AUTH_SECRET: 'shutdown-drain-test-secret-0123456789abcdef',
      SHUTDOWN_TIMEOUT_MS: '8000',
    };
    const s = await startServer(env);
    let restarted: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      const email = `drain-${Date.now()}@example.com`;
      const password = 'steady load password';
      const headers = { 'Content-Type': 'application/json', Origin: s.url };
      await fetch(`${s.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Drain', email, password }),
      }).then((r) => r.arrayBuffer());
      const signIn = await fetch(`${s.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password }),
      });
      await signIn.arrayBuffer();
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const words = ['negotiation-leverage', 'batna', 'negotiation-anchor', 'concession'];
      const sent = new Map<string, number>();
      const acked = new Map<string, number>();
      const statuses: number[] = [];
      let signalled = false;
      let ackedAfterSignal = 0;
      // Workers write back to back (keep-alive connections) until the server stops answering.
      // Some stand for clients that give up when the server starts to stop (a proxy's
      // timeout): their requests are dropped mid-flight while the handlers still run.
      const dropped = new AbortController();
      const worker = async (n: number, quitter = false) => {
        for (let i = 0; ; i++) {
          const word = words[(n + i) % words.length] as string;
          sent.set(word, (sent.get(word) ?? 0) + 1);
          let res: Response;
          try {
            res = await fetch(`${s.url}/api/items/word/${word}/visit`, {
              method: 'POST',
              headers: { Cookie: cookie },
              ...(quitter ? { signal: dropped.signal } : {}),
            });
            await res.arrayBuffer();
          } catch {
            return; // refused or reset: not acknowledged
          }
          statuses.push(res.status);
          if (res.status >= 200 && res.status < 300) {
            acked.set(word, (acked.get(word) ?? 0) + 1);
            if (signalled) ackedAfterSignal++;
          }
        }
      };
      const workers = [
        ...Array.from({ length: 8 }, (_, n) => worker(n)),
        ...Array.from({ length: 8 }, (_, n) => worker(n, true)),
      ];
      // The signal lands once the load is steady (at least 60 answers), however busy the machine.
      const steadyBy = Date.now() + 30_000;
      while (statuses.length < 60 && Date.now() < steadyBy)
        await new Promise((r) => setTimeout(r, 50));
      const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
      signalled = true;
      const signalledAt = Date.now();
      s.child.kill('SIGTERM');
      setTimeout(() => dropped.abort(), 5);
      const code = await exited;
      const drainMs = Date.now() - signalledAt;
      await Promise.all(workers);

      expect(statuses.filter((x) => x >= 500)).toEqual([]);
      expect(statuses.length).toBeGreaterThan(50);
      expect(code).toBe(0);
      // Keep-alive connections are told to close, so the drain ends well before the timeout
      // and no request is cut off or meets a closed database.
      expect(s.output()).not.toContain('drain timed out');
      expect(s.output()).not.toMatch(/already been destroyed|unhandled error|"level":50/);
      expect(s.output()).toContain('"msg":"stopped"');
      // Requests in flight when the signal landed were finished, not cut off.
      expect(ackedAfterSignal).toBeGreaterThan(0);
      expect(drainMs).toBeLessThan(Number(env.SHUTDOWN_TIMEOUT_MS));

      restarted = await startServer(env, { reuse: s });
      const [user] = await restarted.query<{ id: string }>(
        'SELECT id FROM "user" WHERE email = ?',
        [email],
      );
      const rows = await restarted.query<{ item_id: string; visits: number }>(
        "SELECT item_id, visits FROM user_item WHERE user_id = ? AND kind = 'word'",
        [user?.id],
      );
      const stored = new Map(rows.map((r) => [r.item_id, Number(r.visits)]));
      for (const word of words) {
        const have = stored.get(word) ?? 0;
        expect(have, word).toBeGreaterThanOrEqual(acked.get(word) ?? 0);
        expect(have, word).toBeLessThanOrEqual(sent.get(word) ?? 0);
      }
    } finally {
      await restarted?.stop();
      await s.stop();
    }
  });

  it('refuses to start with a bad variable and names it', () => {
    const r = spawnSync(process.execPath, [join(root, 'dist/server/main.js')], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Invalid configuration:');
    expect(r.stderr).toContain('PORT:');
  });
});
