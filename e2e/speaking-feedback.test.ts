import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { TInterviewQuestion } from '../core/content/practice';
import { describe, expect, it } from 'vitest';
import { LONG_PAUSE_MS } from '../core/audio/delivery';
import { TRANSCRIPT_UNAVAILABLE } from '../app/features/interviews/transcript-note';
import { journey, signedInContext, signedInPhone } from './support';

// Real speech through Chromium's fake microphone (decision 055): two phrases spoken by
// espeak-ng with a known three-second silence between them, so the delivery figures are
// checked against lengths we made, not against what the app happens to compute.

const RATE = 22_050;
const LEAD_MS = 1000;
const GAP_MS = 3000;

function speak(text: string, dir: string, name: string): Int16Array {
  const file = join(dir, `${name}.wav`);
  try {
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', file, text]);
  } catch (err) {
    throw new Error(
      `espeak-ng is needed to make the speech this journey records, and it did not run ` +
        `(${(err as Error).message}). Install it: sudo apt-get install -y espeak-ng`,
    );
  }
  const wav = readFileSync(file);
  // espeak-ng writes 16-bit mono PCM at 22,050 Hz; the samples are the "data" chunk.
  let at = 12;
  while (at < wav.length - 8 && wav.toString('ascii', at, at + 4) !== 'data')
    at += 8 + wav.readUInt32LE(at + 4);
  const pcm = wav.subarray(at + 8);
  const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length));
  // Trim espeak's own lead-in and tail, so the phrase's length is its sound's length.
  const loud = (s: number) => Math.abs(s) > 0.02 * 32768;
  const first = samples.findIndex(loud);
  const last = samples.findLastIndex(loud);
  return samples.slice(first, last + 1);
}

function wavFile(samples: Int16Array, file: string) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  writeFileSync(file, Buffer.concat([header, Buffer.from(samples.buffer)]));
}

const dir = mkdtempSync(join(tmpdir(), 'skillway-speech-'));
const first = speak('I led the migration to the new billing system', dir, 'first');
const second = speak('and we shipped it two weeks early', dir, 'second');
const zeros = (ms: number) => new Int16Array(Math.round((ms / 1000) * RATE));
// Silence after the last word, past the moment we press Stop, whether or not this Chromium
// plays the file once or loops it.
const answer = new Int16Array([
  ...zeros(LEAD_MS),
  ...first,
  ...zeros(GAP_MS),
  ...second,
  ...zeros(8000),
]);
const answerFile = join(dir, 'answer.wav');
wavFile(answer, answerFile);
const lengthMs = (s: Int16Array) => (s.length / RATE) * 1000;
/** From the first word to the last, as the WAV was made. */
const SPOKEN_MS = lengthMs(first) + GAP_MS + lengthMs(second);
/** Stop a couple of seconds after the last word: the tail is silence, not speaking. */
const STOP_AT_S = Math.ceil((LEAD_MS + SPOKEN_MS) / 1000) + 2;

const j = journey({ microphone: answerFile });

async function openQuestion(page: Page): Promise<Locator> {
  await page.goto('/interviews/behavioral?interview=disagreed-with-a-teammate');
  const panel = page.getByRole('region', { name: /disagreed/i });
  await panel.getByRole('heading', { level: 2 }).waitFor();
  return panel;
}

const clock = (s: number) => `00:${String(s).padStart(2, '0')}`;

/** The audio element's length, and where it lands after seeking to `to` seconds. */
async function seekable(audio: Locator, to: number) {
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
  return audio.evaluate(
    (a: HTMLAudioElement, target) =>
      new Promise<{ duration: number; landed: number }>((resolve) => {
        const duration = a.duration;
        a.addEventListener('seeked', () => resolve({ duration, landed: a.currentTime }), {
          once: true,
        });
        a.currentTime = target;
      }),
    to,
  );
}

async function recordAndCheck(
  context: BrowserContext,
  what: string,
  viewport?: { width: number; height: number },
) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const panel = await openQuestion(page);
  await panel.getByRole('button', { name: 'Check microphone' }).click();
  await panel.getByText('Microphone ready').waitFor();

  await panel.getByRole('button', { name: 'Record', exact: true }).click();
  await expect
    .poll(() => panel.getByRole('timer').textContent(), { timeout: 30_000 })
    .toBe(clock(STOP_AT_S));
  await panel.getByRole('button', { name: 'Stop recording' }).click();

  const card = panel.getByTestId('delivery');
  await card.waitFor();
  const figure = async (name: string) => Number(await card.getAttribute(`data-${name}`));
  expect(await card.getAttribute('data-has-speech'), what).toBe('true');
  const durationMs = await figure('duration-ms');
  const speakingMs = await figure('speaking-ms');
  expect(Math.abs(durationMs - STOP_AT_S * 1000), `${what}: length`).toBeLessThan(1000);
  expect(Math.abs(speakingMs - SPOKEN_MS), `${what}: speaking ${speakingMs}`).toBeLessThan(500);
  expect(await figure('long-pauses'), what).toBe(1);
  const longest = await figure('longest-pause-ms');
  expect(longest).toBeGreaterThan(LONG_PAUSE_MS);
  expect(Math.abs(longest - GAP_MS), `${what}: pause ${longest}`).toBeLessThan(500);
  expect(Math.abs((await figure('silence')) - GAP_MS / SPOKEN_MS), what).toBeLessThan(0.1);
  // The card in words: speaking time against the behavioral target of two minutes.
  const figures = (await card.locator('dl').innerText()).replace(/\s+/g, ' ');
  // Each figure is a term (what it is) and its value, shown value first.
  expect(figures, what).toMatch(
    /^spoken, of a 2:00 target 0:0\d long pause · longest 0:0[234] 1 silence \d+%$/,
  );

  // Headless Chromium has a recognizer that cannot capture: said once, plainly, with no
  // word about a silent microphone while the recording has speech.
  await panel.getByText(TRANSCRIPT_UNAVAILABLE).waitFor();
  expect(await panel.textContent()).not.toMatch(/could not hear|couldn’t hear/i);

  // A real length and a working seek bar, on the fresh take and on the saved one.
  const take = panel.getByLabel('Your recording', { exact: true });
  const fresh = await seekable(take, 3);
  expect(Number.isFinite(fresh.duration), `${what}: fresh duration ${fresh.duration}`).toBe(true);
  expect(Math.abs(fresh.duration * 1000 - durationMs)).toBeLessThan(300);
  expect(Math.abs(fresh.landed - 3)).toBeLessThan(0.5);

  await panel.getByRole('button', { name: 'Save recording' }).click();
  await panel.getByText('Recording saved.').waitFor();
  await page.reload();
  const saved = (await openQuestion(page))
    .getByRole('list', { name: 'Your recordings' })
    .locator('audio')
    .first();
  const kept = await seekable(saved, 4);
  expect(Number.isFinite(kept.duration), `${what}: saved duration ${kept.duration}`).toBe(true);
  expect(Math.abs(kept.duration * 1000 - durationMs)).toBeLessThan(300);
  expect(Math.abs(kept.landed - 4)).toBeLessThan(0.5);
  await context.close();
}

describe('speaking feedback', () => {
  it('measures a spoken answer on a phone: length, long pause, silence, seeking', async () => {
    await recordAndCheck(await signedInPhone(j.browser, j.server, 'Phone Speaker'), 'phone');
  });

  it('measures a spoken answer on a desktop', async () => {
    const context = await signedInContext(j.browser, j.server, 'Desk Speaker');
    await recordAndCheck(context, 'desktop', { width: 1366, height: 900 });
  });
});

describe('guidance after trying', () => {
  it('a coding question opens how to answer, what counts and its review only after an attempt', async () => {
    const context = await signedInContext(j.browser, j.server, 'Coding Speaker');
    const page = await context.newPage();
    const set = (await (await page.request.get('/api/content/interviews/coding')).json()) as {
      questions: TInterviewQuestion[];
    };
    const q = set.questions.find((x) => x.id === 'two-sum');
    if (!q) throw new Error('no two-sum question');
    await page.goto(`/interviews/coding?interview=${q.id}`);
    const panel = page.getByRole('region', { name: q.question });
    await panel.getByText('Work it out loud first.', { exact: false }).waitFor();
    const rubric = panel.getByRole('group', { name: 'Which of these did your answer show?' });
    for (const name of ['Answer with', 'What the interviewer is looking for'])
      expect(await panel.getByRole('heading', { name }).count(), name).toBe(0);
    expect(await rubric.count()).toBe(0);
    const before = await panel.textContent();
    for (const point of [...q.lookingFor, ...q.structure]) expect(before).not.toContain(point);
    await panel.getByRole('heading', { name: 'Follow-up questions' }).waitFor();

    await panel.getByRole('button', { name: 'I have answered it aloud' }).click();
    await panel.getByRole('heading', { name: 'Answer with' }).waitFor();
    await panel.getByRole('heading', { name: 'What the interviewer is looking for' }).waitFor();
    expect(await rubric.getByRole('checkbox').count()).toBe(q.lookingFor.length);

    // The other kinds show their guidance and its review from the start.
    for (const type of ['behavioral', 'system-design']) {
      const other = (await (await page.request.get(`/api/content/interviews/${type}`)).json()) as {
        questions: TInterviewQuestion[];
      };
      const first = other.questions[0];
      if (!first) throw new Error(`no ${type} question`);
      await page.goto(`/interviews/${type}?interview=${first.id}`);
      const p = page.getByRole('region', { name: first.question });
      await p.getByRole('heading', { name: 'What the interviewer is looking for' }).waitFor();
      expect(
        await p
          .getByRole('group', { name: 'Which of these did your answer show?' })
          .getByRole('checkbox')
          .count(),
        type,
      ).toBe(first.lookingFor.length);
    }
    await context.close();
  });
});
