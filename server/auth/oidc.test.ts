import { describe, expect, it } from 'vitest';
import { isOidcCallback, oidcAllows } from './oidc';

const provider = (domains: string[]) => ({
  clientId: 'c',
  clientSecret: 's',
  discoveryUrl: 'https://idp.example/.well-known/openid-configuration',
  name: 'Acme SSO',
  domains,
  team: null,
});

describe('the organization’s OpenID Connect sign-in', () => {
  it('takes any address without domains, else only its domains (any case)', () => {
    expect(oidcAllows(provider([]), 'anyone@anywhere.test')).toBe(true);
    expect(oidcAllows(provider(['acme.test']), 'Dana@ACME.test')).toBe(true);
    expect(oidcAllows(provider(['acme.test']), 'dana@notacme.test')).toBe(false);
    expect(oidcAllows(provider(['acme.test']), 'dana@sub.acme.test')).toBe(false);
    expect(oidcAllows(provider(['acme.test']), 'acme.test@evil.test')).toBe(false);
  });
  it('recognizes its own callback, not another provider’s or another route', () => {
    expect(isOidcCallback({ path: '/callback/:id', params: { id: 'oidc' } })).toBe(true);
    expect(isOidcCallback({ path: '/callback/:id', params: { id: 'google' } })).toBe(false);
    expect(isOidcCallback({ path: '/sign-up/email', params: {} })).toBe(false);
    expect(isOidcCallback(null)).toBe(false);
  });
});
