/** File types recognised by their first bytes, never by name or declared type. */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp';

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
  if (
    bytes.length >= 12 &&
    String.fromCharCode(b(0) ?? 0, b(1) ?? 0, b(2) ?? 0, b(3) ?? 0) === 'RIFF' &&
    String.fromCharCode(b(8) ?? 0, b(9) ?? 0, b(10) ?? 0, b(11) ?? 0) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
