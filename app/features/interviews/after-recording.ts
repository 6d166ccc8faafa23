import fixWebmDuration from 'fix-webm-duration';
import { deliveryFigures, type DeliveryFigures } from '../../../core/audio/delivery';

/** Loudness needs no more than telephone quality: decoding at 16 kHz keeps a long take small. */
const ANALYSIS_RATE = 16_000;

export interface Finished {
  /** The take, with its length written into a WebM's header so players can show it and seek. */
  blob: Blob;
  /** The real length: the decoded audio's, or the recorder's clock when it cannot be decoded. */
  durationMs: number;
  /** Null when this browser cannot decode its own recording. */
  figures: DeliveryFigures | null;
}

async function decode(blob: Blob): Promise<DeliveryFigures | null> {
  if (typeof OfflineAudioContext === 'undefined') return null;
  try {
    const context = new OfflineAudioContext(1, 1, ANALYSIS_RATE);
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    let samples = audio.getChannelData(0);
    if (audio.numberOfChannels > 1) {
      const mono = new Float32Array(audio.length);
      for (let c = 0; c < audio.numberOfChannels; c++) {
        const channel = audio.getChannelData(c);
        for (let i = 0; i < mono.length; i++)
          mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / audio.numberOfChannels;
      }
      samples = mono;
    }
    return deliveryFigures(samples, audio.sampleRate);
  } catch {
    return null;
  }
}

/**
 * After Stop: decode the take, measure its delivery, and fix a WebM's missing duration
 * (MediaRecorder writes none, so <audio> shows Infinity and cannot seek). Loaded on demand:
 * the decoder and the header fix are not needed until the first take ends.
 */
export async function finishRecording(blob: Blob, clockMs: number): Promise<Finished> {
  const figures = await decode(blob);
  const durationMs = figures && figures.durationMs > 0 ? figures.durationMs : clockMs;
  let fixed = blob;
  if (blob.type.startsWith('audio/webm')) {
    try {
      fixed = await fixWebmDuration(blob, durationMs, { logger: false });
    } catch {
      // An unreadable header keeps the take as recorded: it still plays, without a length.
    }
  }
  return { blob: fixed, durationMs, figures };
}
