import { describe, expect, it } from 'vitest';
import { sniffImage, sniffMedia } from './magic-bytes';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0);
// EBML header as MediaRecorder writes it: version fields, then DocType (0x4282) "webm".
const WEBM = bytes(
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0xf7,
  0x81,
  0x01,
  0x42,
  0xf2,
  0x81,
  0x04,
  0x42,
  0xf3,
  0x81,
  0x08,
  0x42,
  0x82,
  0x84,
  ...ascii('webm'),
  0x42,
  0x87,
  0x81,
  0x04,
);
const MATROSKA = bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...ascii('matroska'));
const OGG = bytes(...ascii('OggS'), 0, 2, 0, 0);
const WAV = bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE'), ...ascii('fmt '));
const ftyp = (brand: string, size = 24) => bytes(...u32(size), ...ascii('ftyp'), ...ascii(brand));

describe('sniffImage', () => {
  it('recognizes PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')))).toBe('image/webp');
  });

  it('rejects everything else, including truncated headers', () => {
    expect(sniffImage(bytes(...ascii('GIF89a')))).toBeNull();
    expect(sniffImage(bytes(...ascii('<svg xmlns')))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffImage(WAV)).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('sniffMedia', () => {
  it('gives images their kind, type and extension', () => {
    expect(sniffMedia(PNG)).toEqual({ kind: 'image', contentType: 'image/png', ext: 'png' });
    expect(sniffMedia(bytes(0xff, 0xd8, 0xff, 0xdb))?.ext).toBe('jpg');
  });

  it('recognizes WebM, Ogg, WAV and MP4/M4A as audio', () => {
    expect(sniffMedia(WEBM)).toEqual({ kind: 'audio', contentType: 'audio/webm', ext: 'webm' });
    expect(sniffMedia(OGG)).toEqual({ kind: 'audio', contentType: 'audio/ogg', ext: 'ogg' });
    expect(sniffMedia(WAV)).toEqual({ kind: 'audio', contentType: 'audio/wav', ext: 'wav' });
    expect(sniffMedia(ftyp('M4A '))).toEqual({
      kind: 'audio',
      contentType: 'audio/mp4',
      ext: 'm4a',
    });
    expect(sniffMedia(ftyp('isom'))).toEqual({
      kind: 'audio',
      contentType: 'audio/mp4',
      ext: 'm4a',
    });
  });

  it('lets the declared type pick video only within a recognized container', () => {
    expect(sniffMedia(WEBM, 'video/webm;codecs=vp8')?.contentType).toBe('video/webm');
    expect(sniffMedia(ftyp('mp42'), 'video/mp4')).toEqual({
      kind: 'audio',
      contentType: 'video/mp4',
      ext: 'mp4',
    });
    expect(sniffMedia(ftyp('M4A '), 'video/mp4')?.contentType).toBe('audio/mp4');
    expect(sniffMedia(WAV, 'video/webm')?.contentType).toBe('audio/wav');
    expect(sniffMedia(bytes(...ascii('<html>')), 'audio/webm')).toBeNull();
  });

  it('refuses look-alikes: Matroska, HEIC, a short ftyp box, truncated headers', () => {
    expect(sniffMedia(MATROSKA)).toBeNull();
    expect(sniffMedia(ftyp('heic'))).toBeNull();
    expect(sniffMedia(ftyp('qt  '))).toBeNull();
    expect(sniffMedia(ftyp('isom', 8))).toBeNull();
    expect(sniffMedia(bytes(0, 0, 0, 24, ...ascii('ftyp')))).toBeNull();
    expect(sniffMedia(bytes(...ascii('OggS'), 1))).toBeNull();
    expect(sniffMedia(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('AVI ')))).toBeNull();
    expect(sniffMedia(new Uint8Array())).toBeNull();
  });
});
