/**
 * Delivery figures for a spoken answer, from its samples alone (decision 055): how long the
 * learner spoke, where they stopped for more than two seconds, and how much of the answer was
 * silence. Pure, so the browser can run it on a decoded recording and tests on synthesized
 * signals.
 *
 * Speech is told from silence by each frame's loudness against the recording's own noise
 * floor, not a fixed level: a quiet room and a noisy one both work, and so does a microphone
 * with a low or a high gain.
 */

/** A stop longer than this inside an answer counts as a long pause. */
export const LONG_PAUSE_MS = 2000;
/** Loudness is measured over frames this long. */
const FRAME_MS = 20;
/** Gaps between words shorter than this are part of speaking, not silence. */
const MIN_SILENCE_MS = 300;
/** Bursts shorter than this (a click, a knock, the mouse on Stop) are not speech. */
const MIN_SPEECH_MS = 100;
/** Below this, a frame is digital silence whatever the rest of the recording does (dBFS). */
const FLOOR_DB = -90;
/** Speech stands at least this far above the noise floor; a flatter recording has none. */
const MIN_DYNAMIC_DB = 15;

export interface DeliveryFigures {
  /** The recording's real length. */
  durationMs: number;
  /** From the first word to the last: the answer as an interviewer hears it. */
  speakingMs: number;
  /** Stops longer than LONG_PAUSE_MS between the first word and the last. */
  longPauses: number;
  /** The longest stop between the first word and the last (0 when none). */
  longestPauseMs: number;
  /** Share of the speaking time spent silent (gaps of MIN_SILENCE_MS or more), 0–1. */
  silenceShare: number;
  /** Whether the recording has any speech at all. */
  hasSpeech: boolean;
}

function levelsDb(samples: Float32Array, frame: number): Float64Array {
  const n = Math.floor(samples.length / frame);
  const out = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) {
      const s = samples[i] ?? 0;
      sum += s * s;
    }
    const rms = Math.sqrt(sum / frame);
    out[f] = rms > 0 ? Math.max(20 * Math.log10(rms), -120) : -120;
  }
  return out;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return -120;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? -120;
}

/** Runs of equal values in `voiced`, as [start, end) frame indexes. */
function runs(voiced: boolean[], value: boolean): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= voiced.length; i++) {
    const v = i < voiced.length ? voiced[i] === value : false;
    if (v && start < 0) start = i;
    else if (!v && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  }
  return out;
}

/** Figures for mono `samples` (−1…1) at `sampleRate` Hz. */
export function deliveryFigures(samples: Float32Array, sampleRate: number): DeliveryFigures {
  const durationMs = Math.round((samples.length / sampleRate) * 1000);
  const frame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
  const frameMs = (frame / sampleRate) * 1000;
  const levels = levelsDb(samples, frame);
  const none: DeliveryFigures = {
    durationMs,
    speakingMs: 0,
    longPauses: 0,
    longestPauseMs: 0,
    silenceShare: 1,
    hasSpeech: false,
  };
  if (levels.length === 0) return none;

  // The floor is the quiet end of the recording's own frames; speech is its loud end. Even a
  // fluent answer has breaths and gaps between sentences, so the 10th percentile is room noise.
  const sorted = Float64Array.from(levels).sort();
  const floor = Math.max(percentile(sorted, 0.1), -120);
  const loud = percentile(sorted, 0.98);
  if (loud < FLOOR_DB || loud - floor < MIN_DYNAMIC_DB) return none;
  // A third of the way from the floor up to the speech: above breaths and hum, below soft
  // consonants.
  const threshold = Math.max(floor + (loud - floor) / 3, FLOOR_DB);
  const voiced = Array.from(levels, (l) => l > threshold);

  const minSilence = Math.ceil(MIN_SILENCE_MS / frameMs);
  const minSpeech = Math.ceil(MIN_SPEECH_MS / frameMs);
  // Short gaps between words join the words around them; then short bursts are dropped.
  for (const [s, e] of runs(voiced, false))
    if (s > 0 && e < voiced.length && e - s < minSilence) voiced.fill(true, s, e);
  for (const [s, e] of runs(voiced, true)) if (e - s < minSpeech) voiced.fill(false, s, e);

  const speech = runs(voiced, true);
  const first = speech[0];
  const last = speech.at(-1);
  if (!first || !last) return none;
  const span = last[1] - first[0];
  let silent = 0;
  let longPauses = 0;
  let longest = 0;
  for (let i = 1; i < speech.length; i++) {
    const gap = (speech[i]?.[0] ?? 0) - (speech[i - 1]?.[1] ?? 0);
    silent += gap;
    const gapMs = gap * frameMs;
    if (gapMs > LONG_PAUSE_MS) longPauses++;
    longest = Math.max(longest, gapMs);
  }
  return {
    durationMs,
    speakingMs: Math.round(span * frameMs),
    longPauses,
    longestPauseMs: Math.round(longest),
    silenceShare: span > 0 ? silent / span : 0,
    hasSpeech: true,
  };
}
