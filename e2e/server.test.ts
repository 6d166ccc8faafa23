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
        '"applied":["0001-foundation","0002-accounts","0003-grammar","0004-items","0005-billing","0006-skills","0007-review","0008-sync"]',
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
