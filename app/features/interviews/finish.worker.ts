import fixWebmDuration from 'fix-webm-duration';
import { deliveryFigures, type DeliveryFigures } from '../../../core/audio/delivery';

export interface FinishRequest {
  blob: Blob;
  /** The decoded mono samples, or null when the browser could not decode the take. */
  samples: Float32Array | null;
  sampleRate: number;
  clockMs: number;
}

export interface FinishResult {
  blob: Blob;
  durationMs: number;
  figures: DeliveryFigures | null;
}

// Measuring a five-minute take and rewriting its header are kept off the page's thread. The
// header fix is a CommonJS module: bundled here, its loader stays out of the page's own code.
self.onmessage = async ({ data }: MessageEvent<FinishRequest>) => {
  const figures = data.samples ? deliveryFigures(data.samples, data.sampleRate) : null;
  const durationMs = figures && figures.durationMs > 0 ? figures.durationMs : data.clockMs;
  let blob = data.blob;
  if (blob.type.startsWith('audio/webm')) {
    try {
      blob = await fixWebmDuration(blob, durationMs, { logger: false });
    } catch {
      // An unreadable header keeps the take as recorded: it still plays, without a length.
    }
  }
  const result: FinishResult = { blob, durationMs, figures };
  self.postMessage(result);
};
