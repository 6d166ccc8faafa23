import { describe, expect, it } from 'vitest';
import { clientKey } from './limits';

describe('clientKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });
  it('keys IPv6 by its /64, so one network cannot pose as many clients', () => {
    const a = clientKey('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:0db8:0001:0002::/64');
    expect(clientKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientKey('::1')).toBe('0000:0000:0000:0000::/64');
  });
});
