import { describe, expect, it } from 'vitest';
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

  it('lets a guest draw and asks them to log in to save', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/doodles');
    await page.getByRole('img', { name: /Drawing of/ }).waitFor();
    await page.getByRole('link', { name: 'Log in to save your doodle' }).waitFor();
    await context.close();
  });
});
