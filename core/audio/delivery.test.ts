import { describe, expect, it } from 'vitest';
import { deliveryFigures, LONG_PAUSE_MS } from './delivery';
import { deliverySummary, minutesSeconds } from './delivery-summary';

const RATE = 16_000;

/** A seeded generator, so the "room noise" is the same on every run. */
function noise(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return (x / 2 ** 31) * 2 - 1;
  };
}

/**
 * A signal of segments: ['speech', ms] is a voice-like tone (a 180 Hz buzz whose loudness
 * rises and falls four times a second, as syllables do) and ['silence', ms] nothing but the
 * room; `room` is the room's noise amplitude and `voice` the speech's.
 */
function signal(
  segments: ['speech' | 'silence', number][],
  { room = 0.001, voice = 0.3 }: { room?: number; voice?: number } = {},
): Float32Array {
  const total = segments.reduce((n, [, ms]) => n + Math.round((ms / 1000) * RATE), 0);
  const out = new Float32Array(total);
  const rand = noise(7);
  let i = 0;
  for (const [kind, ms] of segments) {
    const n = Math.round((ms / 1000) * RATE);
    for (let k = 0; k < n; k++, i++) {
      const t = k / RATE;
      const syllables = 0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t);
      const speech = kind === 'speech' ? voice * syllables * Math.sin(2 * Math.PI * 180 * t) : 0;
      out[i] = speech + room * rand();
    }
  }
  return out;
}

const near = (actual: number, expected: number, within: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(within);

describe('deliveryFigures', () => {
  it('measures speaking time, one long pause and the silence share in a quiet room', () => {
    const s = signal([
      ['silence', 1000],
      ['speech', 4000],
      ['silence', 3000],
      ['speech', 5000],
      ['silence', 1500],
    ]);
    const f = deliveryFigures(s, RATE);
    expect(f.hasSpeech).toBe(true);
    expect(f.durationMs).toBe(14_500);
    near(f.speakingMs, 12_000, 100);
    expect(f.longPauses).toBe(1);
    near(f.longestPauseMs, 3000, 100);
    near(f.silenceShare, 3 / 12, 0.02);
  });

  it('gives the same figures in a noisy room and on a quiet microphone', () => {
    const segments: ['speech' | 'silence', number][] = [
      ['silence', 500],
      ['speech', 3000],
      ['silence', 2500],
      ['speech', 2000],
      ['silence', 4000],
      ['speech', 3000],
    ];
    for (const level of [
      { room: 0.03, voice: 0.5 },
      { room: 0.0002, voice: 0.02 },
    ]) {
      const f = deliveryFigures(signal(segments, level), RATE);
      expect(f.hasSpeech, JSON.stringify(level)).toBe(true);
      near(f.speakingMs, 14_500, 120);
      expect(f.longPauses).toBe(2);
      near(f.longestPauseMs, 4000, 100);
      near(f.silenceShare, 6.5 / 14.5, 0.02);
    }
  });

  it('counts a stop of two seconds or less as no long pause, and short gaps as speaking', () => {
    const s = signal([
      ['speech', 2000],
      ['silence', LONG_PAUSE_MS - 200],
      ['speech', 2000],
      ['silence', 150],
      ['speech', 2000],
    ]);
    const f = deliveryFigures(s, RATE);
    expect(f.longPauses).toBe(0);
    near(f.longestPauseMs, LONG_PAUSE_MS - 200, 60);
    // The 150 ms gap is between words: only the 1.8 s stop is silence.
    near(f.silenceShare, 1.8 / 7.95, 0.02);
  });

  it('finds no speech in silence, in steady hum, or in a single click', () => {
    expect(deliveryFigures(new Float32Array(RATE * 3), RATE).hasSpeech).toBe(false);
    expect(deliveryFigures(signal([['silence', 3000]], { room: 0.05 }), RATE).hasSpeech).toBe(
      false,
    );
    const click = signal([['silence', 3000]]);
    click.fill(0.9, RATE, RATE + 400);
    expect(deliveryFigures(click, RATE)).toMatchObject({ hasSpeech: false, speakingMs: 0 });
    expect(deliveryFigures(new Float32Array(0), RATE)).toMatchObject({
      hasSpeech: false,
      durationMs: 0,
    });
  });

  it('works at the browser’s sample rates', () => {
    for (const rate of [8000, 44_100, 48_000]) {
      const n = (ms: number) => Math.round((ms / 1000) * rate);
      const s = new Float32Array(n(6000));
      for (let i = n(1000); i < n(2500); i++) s[i] = 0.2 * Math.sin((2 * Math.PI * 200 * i) / rate);
      for (let i = n(5000); i < n(6000); i++) s[i] = 0.2 * Math.sin((2 * Math.PI * 200 * i) / rate);
      const f = deliveryFigures(s, rate);
      near(f.speakingMs, 5000, 60);
      expect(f.longPauses).toBe(1);
      near(f.longestPauseMs, 2500, 60);
    }
  });
});

describe('deliverySummary', () => {
  const base = {
    durationMs: 110_000,
    speakingMs: 102_000,
    longPauses: 2,
    longestPauseMs: 4200,
    silenceShare: 0.18,
    hasSpeech: true,
  };
  it('says the figures in a coach’s order', () => {
    const line = (f: typeof base) =>
      deliverySummary(f, 120_000)
        .parts.map((p) => `${p.value} ${p.label}`)
        .join(' / ');
    expect(line(base)).toBe(
      '1:42 spoken, of a 2:00 target / 2 long pauses · longest 0:04 / 18% silence',
    );
    expect(line({ ...base, longPauses: 0, longestPauseMs: 900 })).toMatch(/ 0 long pauses \//);
    expect(line({ ...base, longPauses: 1 })).toMatch(/ 1 long pause · longest 0:04 \//);
  });
  it('gives the tip that matters most: length, then pauses, then silence', () => {
    expect(deliverySummary({ ...base, speakingMs: 30_000 }, 120_000).tip).toMatch(/closer to 2:00/);
    expect(deliverySummary({ ...base, speakingMs: 200_000 }, 120_000).tip).toMatch(/within 2:00/);
    expect(deliverySummary(base, 120_000).tip).toMatch(/Pausing to think is fine/);
    expect(deliverySummary({ ...base, longPauses: 0, silenceShare: 0.5 }, 120_000).tip).toMatch(
      /steady flow/,
    );
    expect(deliverySummary({ ...base, longPauses: 0 }, 120_000).tip).toMatch(/Good length/);
  });
  it('writes lengths as m:ss', () => {
    expect(minutesSeconds(0)).toBe('0:00');
    expect(minutesSeconds(59_600)).toBe('1:00');
    expect(minutesSeconds(245_000)).toBe('4:05');
  });
});
