import type { DeliveryFigures } from '../../../core/audio/delivery';
import type { FinishRequest, FinishResult } from './finish.worker';

/** Loudness needs no more than telephone quality: decoding at 16 kHz keeps a long take small. */
const ANALYSIS_RATE = 16_000;

interface Finished {
  /** The take, with its length written into a WebM's header so players can show it and seek. */
  blob: Blob;
  /** The real length: the decoded audio's, or the recorder's clock when it cannot be decoded. */
  durationMs: number;
  /** Null when this browser cannot decode its own recording. */
  figures: DeliveryFigures | null;
}

/** The take as mono samples, or null where the browser has no Web Audio or cannot decode it. */
async function decode(blob: Blob): Promise<{ samples: Float32Array; sampleRate: number } | null> {
  if (typeof OfflineAudioContext === 'undefined') return null;
  try {
    const context = new OfflineAudioContext(1, 1, ANALYSIS_RATE);
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    const mono = new Float32Array(audio.length);
    for (let c = 0; c < audio.numberOfChannels; c++) {
      const channel = audio.getChannelData(c);
      for (let i = 0; i < mono.length; i++)
        mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / audio.numberOfChannels;
    }
    return { samples: mono, sampleRate: audio.sampleRate };
  } catch {
    return null;
  }
}

/**
 * After Stop: decode the take, then (in a worker) measure its delivery and fix a WebM's
 * missing duration: MediaRecorder writes none, so <audio> shows Infinity and cannot seek.
 * Loaded on demand: none of this is needed until the first take ends.
 */
export async function finishRecording(blob: Blob, clockMs: number): Promise<Finished> {
  const decoded = await decode(blob);
  if (typeof Worker === 'undefined') return { blob, durationMs: clockMs, figures: null };
  const worker = new Worker(new URL('./finish.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<FinishResult>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<FinishResult>) => resolve(e.data);
      worker.onerror = () => reject(new Error('The recording could not be measured.'));
      const request: FinishRequest = {
        blob,
        samples: decoded?.samples ?? null,
        sampleRate: decoded?.sampleRate ?? ANALYSIS_RATE,
        clockMs,
      };
      worker.postMessage(request, decoded ? [decoded.samples.buffer] : []);
    });
  } finally {
    worker.terminate();
  }
}
