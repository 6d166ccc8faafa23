import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STORAGE_KEYS } from '../core/constants';
import { signedInContext, journey } from './support';

const j = journey();

describe('doodles', () => {
  it('draws a word with the mouse, undoes and redoes, saves it and finds it in the gallery after a reload', async () => {
    const context = await signedInContext(j.browser, j.server, 'Doodler');
    const page = await context.newPage();
    await page.goto('/doodles?word=batna');
    await expect.poll(() => page.getByTestId('doodle-word').textContent()).toBe('BATNA');

    const canvas = page.getByRole('img', { name: /Drawing of/ });
    // The word's set loads after the word and adds its hint above the canvas: draw only once
    // the page has settled, measuring the canvas for each stroke.
    await page.waitForLoadState('networkidle');
    const stroke = async (y: number) => {
      await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no canvas');
      // Nothing (the dock, a toggle) covers the point where the stroke starts.
      const hit = await page.evaluate(
        ([x, yy]) => document.elementFromPoint(x!, yy!)?.tagName,
        [box.x + 40, box.y + y],
      );
      expect(hit).toBe('CANVAS');
      await page.mouse.move(box.x + 40, box.y + y);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(box.x + 40 + i * 25, box.y + y + (i % 2) * 10);
      await page.mouse.up();
    };
    await stroke(60);
    await stroke(120);
    await expect.poll(() => canvas.getAttribute('aria-label')).toContain('2 strokes');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => canvas.getAttribute('aria-label')).toContain('1 stroke');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => canvas.getAttribute('aria-label')).toContain('2 strokes');

    await page.getByRole('button', { name: 'Save doodle' }).click();
    await page.getByText('Saved your doodle of “BATNA”.').waitFor();
    await page.reload();
    const saved = page
      .getByRole('list', { name: 'Saved doodles' })
      .getByRole('img', { name: 'Doodle of BATNA' });
    await saved.waitFor();
    expect(await saved.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      800,
    );
    const lists = await (await page.request.get('/api/items/word')).json();
    expect(lists.doodled).toEqual(['batna']);
    await context.close();
  });

  it('lets a guest draw and asks them to create an account to save', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/doodles');
    await page.getByRole('img', { name: /Drawing of/ }).waitFor();
    await page.getByRole('link', { name: 'Create a free account' }).waitFor();
    await context.close();
  });
  it('in dark mode draws on a dark sheet with a visible Ink pen, and saves the doodle on paper', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    await context.addInitScript(([key]) => localStorage.setItem(key!, 'true'), [STORAGE_KEYS.dark]);
    const page = await context.newPage();
    await page.goto('/doodles?word=batna');
    const canvas = page.getByRole('img', { name: /Drawing of/ });
    await canvas.waitFor();
    await page.waitForLoadState('networkidle');
    // The sheet is dark.
    expect(luminance(await pixel(canvas, 5, 5))).toBeLessThan(0.1);
    // The Ink swatch stands out from its button.
    const ink = page.getByRole('button', { name: 'Ink' });
    const [swatch, button] = await ink.evaluate((b) => {
      const dot = b.querySelector('span')!;
      return [getComputedStyle(dot).backgroundColor, getComputedStyle(b).backgroundColor];
    });
    const behind = button === 'rgba(0, 0, 0, 0)' ? 'rgb(2, 6, 23)' : button;
    expect(contrast(parse(swatch), parse(behind))).toBeGreaterThanOrEqual(3);
    // An Ink stroke is light on the dark sheet.
    await draw(page, canvas, 100);
    expect(luminance(await pixel(canvas, 140, 100))).toBeGreaterThan(0.6);

    // Kept on the device, it is shown again after a reload, on paper.
    await page.getByRole('button', { name: 'Keep on this device' }).click();
    await page.getByText(/Kept your doodle of “BATNA” on this device/).waitFor();
    await page.reload();
    const shown = page.getByRole('img', { name: 'Your doodle of BATNA' });
    await shown.waitFor();
    const kept = page
      .getByRole('list', { name: 'Saved doodles' })
      .getByRole('img', { name: 'Doodle of BATNA' });
    await kept.waitFor();
    const corner = await kept.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return [...ctx.getImageData(2, 2, 1, 1).data];
    });
    expect(corner.slice(0, 3)).toEqual([255, 255, 255]);
    await context.close();
  });

  it('finds a word to draw by typing in the picker, from any word asked for', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    // A word that does not exist falls back to the first word rather than an empty page.
    await page.goto('/doodles?word=no-such-word');
    await page.getByRole('img', { name: /Drawing of/ }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Word to draw' });
    await picker.click();
    await picker.fill('batn');
    const option = page.getByRole('option', { name: 'BATNA' });
    await option.waitFor();
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await expect.poll(() => page.getByTestId('doodle-word').textContent()).toBe('BATNA');
    expect(new URL(page.url()).searchParams.get('word')).toBe('batna');
    await context.close();
  });
});

type Rgb = [number, number, number];
const parse = (css: string): Rgb => {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
};
function luminance([r, g, b]: Rgb): number {
  const f = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
/** The canvas pixel at a point in its own 800×560 coordinates. */
const pixel = (canvas: Locator, x: number, y: number) =>
  canvas.evaluate(
    (c: HTMLCanvasElement, [px, py]) => {
      const d = c.getContext('2d')!.getImageData(px!, py!, 1, 1).data;
      return [d[0], d[1], d[2]] as Rgb;
    },
    [x, y],
  );
/** A horizontal stroke at canvas row y (canvas coordinates), from x 40 to 340. */
async function draw(page: Page, canvas: Locator, y: number) {
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const k = box.width / 800;
  await page.mouse.move(box.x + 40 * k, box.y + y * k);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + (40 + i * 25) * k, box.y + y * k);
  await page.mouse.up();
}
