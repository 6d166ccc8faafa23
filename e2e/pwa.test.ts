import { describe, expect, it } from 'vitest';
import { journey } from './support';

const j = journey();

describe('PWA', () => {
  it('serves a manifest with name, standalone display, blue theme and real PNG icons', async () => {
    const res = await fetch(`${j.server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const m = await res.json();
    expect(m).toMatchObject({
      name: 'Skillway',
      short_name: 'Skillway',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
    });
    expect(m.description.length).toBeGreaterThan(20);
    const sizes = m.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? `:${i.purpose}` : ''}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512:maskable']));
    for (const icon of m.icons) {
      const img = await fetch(`${j.server.url}${icon.src}`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await img.arrayBuffer());
      expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      const width = new DataView(bytes.buffer).getUint32(16);
      expect(`${width}x${width}`).toBe(icon.sizes);
    }
  });

  it('links the manifest and a blue theme-color from the page', async () => {
    const html = await (await fetch(`${j.server.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<meta name="theme-color" content="#1d4ed8"');
  });

  it('serves a service worker that precaches the shell', async () => {
    const res = await fetch(`${j.server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const sw = await res.text();
    expect(sw).toContain('precacheAndRoute');
    expect(sw).toContain('index.html');
  });

  it('opens offline once the service worker is installed', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active worker');
    });
    // Reload once under the worker's control so every shell file is cached.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.setOffline(true);
    await page.goto('/grammar');
    await page.getByRole('heading', { level: 1, name: 'Grammar' }).waitFor();
    expect(await page.getByRole('link', { name: 'Conditionals' }).count()).toBe(1);
    await context.close();
  });
});
