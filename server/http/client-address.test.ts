import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  const trusted = new Set(['10.0.0.1', '10.0.0.2']);
  it('uses the socket address when it is not a trusted proxy, whatever the header says', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9');
  });
  it('behind trusted proxies takes the right-most untrusted hop', () => {
    expect(clientAddress('10.0.0.1', '1.2.3.4, 198.51.100.7, 10.0.0.2', trusted)).toBe(
      '198.51.100.7',
    );
  });
  it('falls back to the socket when every hop is trusted or the header is missing', () => {
    expect(clientAddress('10.0.0.1', '10.0.0.2', trusted)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', null, trusted)).toBe('10.0.0.1');
  });
});
