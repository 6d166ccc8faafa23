// Renders the PWA icons (committed under app/public/icons) from one SVG with the system
// Chromium. Run again after changing the mark: node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath, chromiumArgs } from './chromium.mjs';

const out = join(import.meta.dirname, '..', 'app/public/icons');
mkdirSync(out, { recursive: true });

const mark = (size, padding) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${padding ? 0 : 14}" fill="#1d4ed8"/>
  <g transform="translate(32 32) scale(${padding ? 0.62 : 0.9}) translate(-32 -32)">
    <path d="M14 44 L28 30 L36 38 L50 20" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="50" cy="20" r="5" fill="#fbbf24"/>
  </g>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs() });
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style>${mark(icon.size, icon.maskable)}`,
  );
  await page
    .locator('svg')
    .screenshot({ path: join(out, icon.file), omitBackground: !icon.maskable });
  console.log('wrote', icon.file);
}
await browser.close();
