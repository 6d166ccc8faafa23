import { describe, expect, it } from 'vitest';
import { COPY_FAILED, COPY_OK, copyText } from './clipboard';

describe('copyText', () => {
  it('writes the text and answers the spec’s success message', async () => {
    let written = '';
    const msg = await copyText('Draft a reply', {
      writeText: async (t: string) => {
        written = t;
      },
    });
    expect(msg).toBe(COPY_OK);
    expect(written).toBe('Draft a reply');
  });
  it('answers the spec’s failure message when the browser refuses or has no clipboard', async () => {
    expect(
      await copyText('x', {
        writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      }),
    ).toBe(COPY_FAILED);
    expect(await copyText('x', undefined)).toBe(COPY_FAILED);
    expect(COPY_OK).toBe('Text copied to clipboard!');
    expect(COPY_FAILED).toBe('Error copying text.');
  });
});
