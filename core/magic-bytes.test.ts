import { describe, expect, it } from 'vitest';
import { sniffImage } from './magic-bytes';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe('sniffImage', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')))).toBe('image/webp');
  });

  it('rejects everything else, including truncated headers', () => {
    expect(sniffImage(bytes(...ascii('GIF89a')))).toBeNull();
    expect(sniffImage(bytes(...ascii('<svg xmlns')))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffImage(bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
