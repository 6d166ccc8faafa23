/** File types recognized by their first bytes, never by name or declared type. */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The extension a stored file of each image type gets. */
export const IMAGE_EXTENSION: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

export function sniffImage(bytes: Uint8Array): SniffedType | null {
  const b = (i: number) => bytes[i];
  if (
    bytes.length >= 8 &&
    b(0) === 0x89 &&
    b(1) === 0x50 &&
    b(2) === 0x4e &&
    b(3) === 0x47 &&
    b(4) === 0x0d &&
    b(5) === 0x0a &&
    b(6) === 0x1a &&
    b(7) === 0x0a
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_BYTES = MAX_IMAGE_BYTES;

/** Enough leading bytes to decide every type below (the WebM DocType sits in the EBML header). */
export const SNIFF_BYTES = 64;

export type MediaKind = 'image' | 'audio';

export interface SniffedMedia {
  kind: MediaKind;
  contentType: string;
  /** The extension the server gives the stored name. */
  ext: string;
}

/**
 * MP4 brands we take as audio/video: ISO base media and Apple's M4A/M4V. Others that share
 * the `ftyp` box (HEIC/AVIF images, QuickTime, 3GPP) are refused.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4A ',
  'M4B ',
  'M4V ',
]);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * Images (PNG, JPEG, WebP) and the audio containers browsers record or play (WebM, Ogg,
 * WAV, MP4/M4A), from the first SNIFF_BYTES bytes. WebM, Ogg and MP4 may hold video too:
 * `hint` (the client's declared Content-Type) only picks between a container's audio and
 * video type, never whether the bytes are accepted.
 */
export function sniffMedia(bytes: Uint8Array, hint = ''): SniffedMedia | null {
  const image = sniffImage(bytes);
  if (image) {
    return { kind: 'image', contentType: image, ext: IMAGE_EXTENSION[image] };
  }
  const video = hint.trim().toLowerCase().startsWith('video/');
  const container = (name: string, ext: string, videoExt = ext): SniffedMedia => ({
    kind: 'audio',
    contentType: `${video ? 'video' : 'audio'}/${name}`,
    ext: video ? videoExt : ext,
  });
  if (EBML_MAGIC.every((v, i) => bytes[i] === v)) {
    // Matroska shares the EBML magic; only its `webm` DocType is a format browsers play.
    return ascii(bytes, 4, SNIFF_BYTES - 4).includes('webm') ? container('webm', 'webm') : null;
  }
  if (bytes.length >= 5 && ascii(bytes, 0, 4) === 'OggS' && bytes[4] === 0) {
    return container('ogg', 'ogg');
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') {
    return { kind: 'audio', contentType: 'audio/wav', ext: 'wav' };
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    const brand = ascii(bytes, 8, 4);
    if (boxSize < 16 || !MP4_BRANDS.has(brand)) return null;
    if (brand === 'M4A ' || brand === 'M4B ') {
      return { kind: 'audio', contentType: 'audio/mp4', ext: 'm4a' };
    }
    return container('mp4', 'm4a', 'mp4');
  }
  return null;
}

export const MAX_BYTES: Record<MediaKind, number> = {
  image: MAX_IMAGE_BYTES,
  audio: MAX_AUDIO_BYTES,
};

/** The folders users' files go to, and the one kind of file each takes. */
export const STORAGE_FOLDERS = {
  doodles: 'image',
  profile: 'image',
  recordings: 'audio',
} as const satisfies Record<string, MediaKind>;

export type StorageFolder = keyof typeof STORAGE_FOLDERS;
