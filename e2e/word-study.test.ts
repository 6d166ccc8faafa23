import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEARN_ROUND_WORDS, TEST_QUESTIONS } from '../core/vocabulary/study';
import { loadCatalog } from '../server/content/catalog';
import {
  expectReachable,
  journey,
  keptItemOps,
  root,
  signedInContext,
  signedInPhone,
} from './support';

// Studying a word set (issue 27): the modes in the practice player, at phone and desktop
// sizes, by keyboard and by touch; what they change on the learner's words; the set's page.

const catalog = loadCatalog(join(root, 'content'));
const negotiation = catalog.vocabulary.sets.find((s) => s.id === 'negotiation')!;
const byDefinition = new Map(negotiation.words.map((w) => [w.definition, w]));
const byWord = new Map(negotiation.words.map((w) => [w.word, w]));

// Many learners sign in from this one address: each gets an address of its own.
const j = journey({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

const lists = async (page: Page) =>
  (await (await page.request.get('/api/items/word')).json()) as {
    completed: string[];
    learning: string[];
    planned: string[];
  };

/** The step on screen: what it asks, and the word it is about. */
async function stepOnScreen(page: Page) {
  const player = page.getByTestId('study-player');
  await player.waitFor();
  const prompt = (await page.locator('#study-prompt').textContent())?.trim() ?? '';
  const typed = (await page.getByRole('textbox').count()) > 0;
  const word = byDefinition.get(prompt) ?? byWord.get(prompt);
  if (!word) throw new Error(`no word for “${prompt}”`);
  const askedWord = byWord.has(prompt); // "What does this word mean?"
  return { prompt, typed, word, askedWord };
}

/** Answers the step on screen by keyboard only, right or wrong; returns the word. */
async function answerByKeyboard(page: Page, right: boolean) {
  const { prompt, typed, word, askedWord } = await stepOnScreen(page);
  if (typed) {
    await page.keyboard.type(right ? `  ${word.word.toUpperCase()} ` : `${word.word}x`);
    await page.keyboard.press('Enter');
  } else {
    const options = page.getByRole('list', { name: prompt }).getByRole('button');
    const texts = (await options.allTextContents()).map((t) =>
      t.replace(/^\d/, '').replace(/(✓ Correct answer|✗ Your answer)$/, ''),
    );
    const answer = askedWord ? word.definition : word.word;
    const at = texts.indexOf(answer);
    expect(at, `“${answer}” is among the options`).toBeGreaterThanOrEqual(0);
    await page.keyboard.press(String((right ? at : (at + 1) % texts.length) + 1));
  }
  const feedback = page.getByTestId('study-feedback');
  await feedback.waitFor();
  expect(await feedback.textContent()).toMatch(right ? /^✓Right/ : /^✗Not this time/);
  return { word, typed };
}

const newContext = (size: { width: number; height: number }, touch = false) =>
  j.browser.newContext({
    baseURL: j.server.url,
    serviceWorkers: 'block',
    viewport: size,
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });

async function signedIn(size: { width: number; height: number }, name: string) {
  const context = await signedInContext(j.browser, j.server, name);
  const page = await context.newPage();
  await page.setViewportSize(size);
  return { context, page };
}

describe('the word set page', () => {
  it('shows the set’s progress and the modes at the top, the next one first; the cards open the word; “I already know this” can be undone', async () => {
    const { context, page } = await signedIn(phone, 'Set Reader');
    await page.goto('/vocabulary/negotiation');
    const progress = page.getByTestId('set-progress');
    await expect.poll(() => progress.textContent()).toMatch(/0 learned.*0 learning.*16 new/);
    const next = page.getByTestId('study-next');
    await expectReachable(page, next, 'the next study mode');
    expect(await next.textContent()).toMatch(/^Learn/);
    for (const mode of ['Flashcards', 'Match', 'Listen and type', 'Test'])
      await page.getByRole('link', { name: new RegExp(`^${mode}`) }).waitFor();

    // Every card shows its pronunciation; the whole card opens the word.
    const card = page.getByRole('article', { name: 'BATNA' });
    expect(await card.textContent()).toContain(byWord.get('BATNA')!.ipa);
    // Its middle (the definition, not the name) opens it.
    const box = (await card.boundingBox())!;
    await card.click({ position: { x: box.width / 2, y: box.height / 2 } });
    const dialog = page.getByRole('dialog', { name: 'BATNA' });
    expect(await dialog.getByTestId('word-ipa').textContent()).toBe(byWord.get('BATNA')!.ipa);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Plan, learned and like are quiet icon buttons, named for assistive technology.
    await card.getByRole('button', { name: 'I already know “BATNA”' }).click();
    await card.getByText('Learned').waitFor();
    await expect.poll(async () => (await lists(page)).completed).toEqual(['batna']);
    await expect.poll(() => progress.textContent()).toMatch(/1 learned/);
    const toast = page.getByRole('status').filter({ hasText: '“BATNA” is learned' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await lists(page)).completed).toEqual([]);
    expect(
      await card
        .getByRole('button', { name: 'I already know “BATNA”' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    // Undone, the word left review too.
    const { uid } = await (await page.request.get('/api/me')).json();
    const cards = await j.server.query<{ card_id: string }>(
      'SELECT card_id FROM review_card WHERE user_id = ?',
      [uid],
    );
    expect(cards).toEqual([]);
    await card.getByRole('button', { name: 'Plan “BATNA”' }).click();
    await card.getByRole('button', { name: 'Remove “BATNA” from your plan' }).waitFor();
    await card.getByRole('button', { name: 'Like “BATNA”' }).click();
    await card.getByRole('button', { name: 'Unlike “BATNA”' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  });

  it('shows the learner’s latest drawing of a word on its card and in its dialog, the others one tap away', async () => {
    const { context, page } = await signedIn(desktop, 'Word Drawer');
    // A 1×1 PNG, twice: two drawings of one word.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post('/api/doodles/batna', {
        headers: { 'Content-Type': 'image/png', Origin: j.server.url },
        data: png,
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/vocabulary/negotiation');
    const card = page.getByRole('article', { name: 'BATNA' });
    await card.getByRole('img', { name: 'Your drawing of “BATNA”' }).waitFor();
    await card.getByRole('heading').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'BATNA' });
    await dialog.getByRole('img', { name: 'Your drawing of “BATNA” (1 of 2)' }).waitFor();
    await dialog.getByRole('button', { name: 'Show drawing 2 of 2' }).click();
    await dialog.getByRole('img', { name: 'Your drawing of “BATNA” (2 of 2)' }).waitFor();
    await context.close();
  });
});

describe('flashcards', () => {
  it('on a phone: word first, tap flips, swipe sorts, the still-learning pile comes back until it is empty; those words go to learning', async () => {
    const touch = await signedInPhone(j.browser, j.server, 'Card Swiper');
    const p = await touch.newPage();
    await p.goto('/vocabulary/negotiation');
    await p.getByRole('link', { name: /^Flashcards/ }).tap();
    await p.waitForURL('**/vocabulary/negotiation/study/flashcards');
    const card = p.getByTestId('flashcard');
    await card.waitFor();
    expect(await card.getAttribute('data-side')).toBe('word');
    await expectReachable(p, p.getByRole('button', { name: /Know it/ }), 'Know it');
    await expectReachable(p, p.getByRole('button', { name: /Still learning/ }), 'Still learning');
    await card.tap();
    expect(await card.getAttribute('data-side')).toBe('definition');

    const swipe = async (dx: number) => {
      const b = (await card.boundingBox())!;
      const y = b.y + b.height / 2;
      const x = b.x + b.width / 2;
      await card.dispatchEvent('pointerdown', {
        pointerType: 'touch',
        clientX: x,
        clientY: y,
        isPrimary: true,
      });
      for (let k = 1; k <= 5; k++)
        await card.dispatchEvent('pointermove', {
          pointerType: 'touch',
          clientX: x + (dx * k) / 5,
          clientY: y,
          isPrimary: true,
        });
      await card.dispatchEvent('pointerup', {
        pointerType: 'touch',
        clientX: x + dx,
        clientY: y,
        isPrimary: true,
      });
    };
    const title = p.locator('#flashcards-title');
    const seen: string[] = [];
    const wordOnCard = async () => {
      const label = (await card.getAttribute('aria-label')) ?? '';
      return negotiation.words.find(
        (w) => label.startsWith(`${w.definition}.`) || label.startsWith(`${w.word}.`),
      )!;
    };
    // Left on the first two cards (still learning), right on the rest.
    expect(await title.textContent()).toBe('Flashcards: 16 cards to go');
    for (let i = 0; i < 16; i++) {
      const id = (await wordOnCard()).id;
      expect(seen).not.toContain(id);
      seen.push(id);
      await swipe(i < 2 ? -160 : 160);
    }
    expect(await title.textContent()).toBe('Flashcards: 2 cards to go');
    // The two come back.
    for (let i = 0; i < 2; i++) {
      expect((await wordOnCard()).id).toBe(seen[i]);
      await swipe(160);
    }
    const summary = p.getByTestId('study-summary');
    await summary.getByRole('heading', { name: 'You knew 14 of 16 at first sight' }).waitFor();
    await expect
      .poll(async () => (await lists(p)).learning.sort())
      .toEqual(seen.slice(0, 2).sort());
    expect((await lists(p)).completed).toEqual([]);
    await summary.getByRole('link', { name: 'Learn these words →' }).waitFor();
    await touch.close();
  });

  it('on a desktop by keyboard: definition first by choice, Space flips, → knows, ← still learning, Escape asks first', async () => {
    const context = await newContext(desktop);
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation/study/flashcards');
    const card = page.getByTestId('flashcard');
    await card.waitFor();
    await page.getByText('Definition', { exact: true }).click();
    expect(await card.getAttribute('data-side')).toBe('definition');
    await card.focus();
    await page.keyboard.press('Space');
    expect(await card.getAttribute('data-side')).toBe('word');
    await page.keyboard.press('ArrowLeft');
    for (let i = 1; i < 16; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Leave this practice?' });
    await ask.getByRole('button', { name: 'Keep practicing' }).click();
    await page.keyboard.press('ArrowRight');
    await page
      .getByTestId('study-summary')
      .getByRole('heading', { name: 'You knew 15 of 16 at first sight' })
      .waitFor();
    // The choice of side is kept on the device.
    await page.goto('/vocabulary/negotiation/study/flashcards');
    await expect.poll(() => card.getAttribute('data-side')).toBe('definition');
    await context.close();
  });
});

describe('learn', () => {
  it('by keyboard on a desktop: options first, then typed recall (case and spaces forgiven, spelling not); words right both times are learned, missed ones learning', async () => {
    const { context, page } = await signedIn(desktop, 'Keyboard Learner');
    await page.goto('/vocabulary/negotiation');
    await page.getByTestId('study-next').click();
    await page.waitForURL('**/vocabulary/negotiation/study/learn');
    const missed = new Set<string>();
    let typedMissed = false;
    let typedMiss = '';
    let steps = 0;
    while ((await page.getByTestId('study-summary').count()) === 0 && steps < 40) {
      const { typed, word } = await stepOnScreen(page);
      // Miss the first word's choice, and one typed word (a misspelling) of another word.
      const missThis = typed ? !typedMissed && !missed.has(word.id) : steps === 0;
      await answerByKeyboard(page, !missThis);
      if (missThis) {
        missed.add(word.id);
        if (typed) {
          typedMissed = true;
          typedMiss = `${word.word}x`;
          expect(await page.getByTestId('typed-yours').textContent()).toBe(
            `You typed “${word.word}x”.`,
          );
          expect(await page.getByTestId('sheet-correct').textContent()).toBe(
            `Correct answer: ${word.word}`,
          );
        }
      }
      await page.keyboard.press('Enter');
      steps++;
    }
    const summary = page.getByTestId('study-summary');
    await summary.waitFor();
    expect(steps).toBe(LEARN_ROUND_WORDS * 2 + missed.size);
    // Scored in words; each missed word shows what the learner gave.
    await summary
      .getByRole('heading', { name: `You got ${LEARN_ROUND_WORDS - 2} of ${LEARN_ROUND_WORDS}` })
      .waitFor();
    expect(await summary.getByRole('listitem').allTextContents()).toContainEqual(
      expect.stringContaining(`✗ Your answer: ${typedMiss}`),
    );
    expect(missed.size).toBe(2);
    const changes = await summary.getByTestId('study-changes').textContent();
    expect(changes).toContain(`✓ Learned (${LEARN_ROUND_WORDS - 2})`);
    expect(changes).toContain('Still learning (2)');
    // The round's word states are saved one by one after the summary shows: wait until both
    // lists have them (reading once the completed count is in could miss a learning save).
    await expect
      .poll(async () => {
        const now = await lists(page);
        return { completed: now.completed.length, learning: now.learning.sort() };
      })
      .toEqual({ completed: LEARN_ROUND_WORDS - 2, learning: [...missed].sort() });
    const after = await lists(page);
    expect(after.completed.some((id) => missed.has(id))).toBe(false);
    await summary.getByRole('link', { name: 'Take the test →' }).waitFor();
    // Learned words join review.
    const review = await (await page.request.get('/api/review?tz=UTC')).json();
    expect(review.dueToday).toBe(LEARN_ROUND_WORDS - 2);
    await context.close();
  });

  it('on a phone: the typed field, Check and the feedback sheet are all on screen, nothing sideways', async () => {
    const context = await newContext(phone, true);
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation/study/learn');
    for (let i = 0; i < LEARN_ROUND_WORDS; i++) {
      await answerByKeyboard(page, true);
      await page.keyboard.press('Enter');
    }
    const { word } = await stepOnScreen(page);
    const field = page.getByRole('textbox', { name: 'The word' });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectReachable(page, field, 'the typed field');
    await page.keyboard.type(word.word.slice(0, -1));
    await expectReachable(page, page.getByRole('button', { name: 'Check' }), 'Check');
    await page.getByRole('button', { name: 'Check' }).tap();
    await expectReachable(page, page.getByTestId('study-feedback'), 'the feedback');
    await expectReachable(page, page.getByRole('button', { name: 'Continue' }), 'Continue');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  });
});

describe('test', () => {
  it('a guest passes a test: the words it got right are learned on the device, then on the account after sign-up', async () => {
    const context = await newContext(desktop);
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation/study/test');
    const right: string[] = [];
    for (let i = 0; i < TEST_QUESTIONS; i++) {
      const { word } = await answerByKeyboard(page, i !== 3);
      if (i !== 3) right.push(word.id);
      await page.keyboard.press('Enter');
    }
    const summary = page.getByTestId('study-summary');
    await summary.getByRole('heading', { name: `You got 9 of 10 · 90%` }).waitFor();
    expect(await summary.textContent()).toContain('Passed.');
    // Kept on the device, all ten together.
    await expect.poll(async () => (await keptItemOps(page)).length).toBe(10);
    expect((await keptItemOps(page)).filter((o) => o.op === 'complete')).toHaveLength(9);
    await page.goto('/vocabulary/negotiation');
    await expect
      .poll(() => page.getByTestId('set-progress').textContent())
      .toMatch(/9 learned.*1 learning.*6 new/);

    await signUp(page);
    await expect.poll(async () => (await lists(page)).completed.sort()).toEqual(right.sort());
    expect((await lists(page)).learning).toHaveLength(1);
    await context.close();
  });

  it('a failed test marks nothing learned and offers to learn the missed words', async () => {
    const { context, page } = await signedIn(phone, 'Test Taker');
    await page.goto('/vocabulary/negotiation/study/test');
    for (let i = 0; i < TEST_QUESTIONS; i++) {
      await answerByKeyboard(page, i % 2 === 0);
      await page.keyboard.press('Enter');
    }
    const summary = page.getByTestId('study-summary');
    await summary.getByRole('heading', { name: 'You got 5 of 10 · 50%' }).waitFor();
    expect(await summary.textContent()).toContain('Not passed yet: 80% is needed.');
    await summary.getByRole('link', { name: 'Learn the words you missed →' }).waitFor();
    await expect.poll(async () => (await lists(page)).learning.length).toBe(5);
    expect((await lists(page)).completed).toEqual([]);
    await context.close();
  });
});

describe('listen and type', () => {
  it('where the browser has no English voice, it says so plainly and offers modes that need none', async () => {
    const context = await newContext(phone);
    // This Chromium has no voices; make it certain.
    await context.addInitScript(() => {
      window.speechSynthesis.getVoices = () => [];
    });
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation/study/listen');
    const note = page.getByTestId('no-voice');
    await note.waitFor();
    expect(await note.textContent()).toContain('This browser has no English voice');
    await note.getByRole('link', { name: 'Study with Learn instead' }).waitFor();
    // The word dialog's Listen says so too, instead of doing nothing.
    await page.goto('/vocabulary/negotiation?word=batna');
    await page.getByRole('button', { name: 'Listen to “BATNA”' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'This browser has no English voice' })
      .waitFor();
    await context.close();
  });

  it.each([
    ['a phone', phone],
    ['a desktop', desktop],
  ])(
    'with an English voice on %s, reads each word with the best one and checks the spelling typed',
    async (_, size) => {
      const context = await newContext(size);
      await addVoices(context);
      const page = await context.newPage();
      await page.goto('/vocabulary/negotiation/study/listen');
      await page.getByTestId('listen-play').waitFor();
      let steps = 0;
      while ((await page.getByTestId('study-summary').count()) === 0 && steps < 20) {
        // Each word is read once as it appears.
        await expect.poll(() => spoken(page).then((s) => s.length)).toBe(steps + 1);
        const said = (await spoken(page)).at(-1)!;
        expect(said.voice).toBe('Google US English');
        const field = page.getByRole('textbox', { name: 'What you heard' });
        expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
        // The first is misspelled; it comes back after two others.
        await page.keyboard.type(steps === 0 ? `${said.text}s` : said.text);
        await page.keyboard.press('Enter');
        expect(await page.getByTestId('study-feedback').textContent()).toMatch(
          steps === 0 ? /^✗Not this time/ : /^✓Right/,
        );
        await page.keyboard.press('Enter');
        steps++;
      }
      expect(steps).toBe(LEARN_ROUND_WORDS + 1);
      await page
        .getByTestId('study-summary')
        .getByRole('heading', { name: `You got ${LEARN_ROUND_WORDS - 1} of ${LEARN_ROUND_WORDS}` })
        .waitFor();
      await context.close();
    },
  );
});

/**
 * Gives this browser voices (it has none) and records what is spoken and with which voice:
 * the browser's own speech API, stood in for at its edge.
 */
async function addVoices(context: BrowserContext) {
  await context.addInitScript(() => {
    const voice = (name: string, lang: string, isDefault: boolean, local: boolean) =>
      ({
        name,
        lang,
        default: isDefault,
        localService: local,
        voiceURI: name,
      }) as SpeechSynthesisVoice;
    const voices = [
      voice('Deutsch', 'de-DE', true, true),
      voice('English (UK)', 'en-GB', false, true),
      voice('English (US) robot', 'en-US', false, true),
      voice('Google US English', 'en-US', false, false),
    ];
    const w = window as unknown as { spoken: { text: string; voice: string | null }[] };
    w.spoken = [];
    const synth = window.speechSynthesis;
    synth.getVoices = () => voices;
    synth.speak = (u: SpeechSynthesisUtterance) => {
      w.spoken.push({
        text: u.text,
        voice: (u as unknown as { picked?: SpeechSynthesisVoice }).picked?.name ?? null,
      });
      setTimeout(() => u.onend?.(new Event('end') as SpeechSynthesisEvent), 10);
    };
    Object.defineProperty(SpeechSynthesisUtterance.prototype, 'voice', {
      configurable: true,
      get() {
        return (this as { picked?: SpeechSynthesisVoice }).picked ?? null;
      },
      set(v: SpeechSynthesisVoice) {
        (this as { picked?: SpeechSynthesisVoice }).picked = v;
      },
    });
  });
}

const spoken = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { spoken: { text: string; voice: string | null }[] }).spoken,
  );

/** Creates an account through the page, as a guest would; their kept work joins it. */
async function signUp(page: Page) {
  await page.goto('/user/login?mode=signup');
  await page.getByLabel('Your name').fill('Guest Student');
  await page.getByLabel('Email address').fill(`study-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a guest who studies');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Your practice as a guest was added to your account.').waitFor();
}
