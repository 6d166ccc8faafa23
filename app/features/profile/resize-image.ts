import { MAX_PHOTO_BYTES, sniffImage, type SniffedType } from '../../../core/magic-bytes';

export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp';
const MAX_SIDE = 512;
const QUALITY = 0.85;

/** A reason a chosen file cannot become a profile photo, worded for the person. */
export class PhotoError extends Error {}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/**
 * Shrinks a photo to fit 512×512 and re-encodes it as WebP (JPEG where the browser cannot
 * write WebP). Uploads stay small and the pixels are re-encoded, which also drops any
 * metadata (location) the original carried.
 */
export async function preparePhoto(file: Blob): Promise<{ blob: Blob; type: SniffedType }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError(
      'This file could not be read as an image. Choose a PNG, JPEG or WebP photo.',
    );
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    bitmap.close();
    throw new PhotoError('Your browser could not prepare the photo. Please try another browser.');
  }
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();

  let blob = await encode(canvas, 'image/webp');
  // Browsers that cannot write WebP (Safari) quietly return PNG instead.
  if (blob?.type !== 'image/webp') {
    // JPEG has no transparency: put white behind transparent areas rather than black.
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    blob = await encode(canvas, 'image/jpeg');
  }
  if (!blob)
    throw new PhotoError('Your browser could not prepare the photo. Please try another one.');

  const type = sniffImage(new Uint8Array(await blob.slice(0, 16).arrayBuffer()));
  if (!type)
    throw new PhotoError('Your browser could not prepare the photo. Please try another one.');
  if (blob.size > MAX_PHOTO_BYTES) {
    throw new PhotoError(
      'The photo is still larger than 2 MB after resizing. Please try another one.',
    );
  }
  return { blob, type };
}
