import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'skillway-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      appUrl: 'http://localhost:3000',
      logLevel: 'info',
      databaseUrl: undefined,
      secure: false,
    });
  });

  it('opens premium items when no payments are configured, unless PREMIUM_WITHOUT_PAYMENTS=locked', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ID: 'price_x' };
    expect(loadConfig({ DATA_DIR: tempDir() }).premium).toBe('open');
    expect(loadConfig({ DATA_DIR: tempDir(), PREMIUM_WITHOUT_PAYMENTS: 'locked' }).premium).toBe(
      'locked',
    );
    // A key without a price cannot sell anything: still "without payments".
    expect(loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'sk_test_x' }).premium).toBe(
      'open',
    );
    expect(loadConfig({ DATA_DIR: tempDir(), ...stripe }).premium).toBe('locked');
    expect(
      loadConfig({ DATA_DIR: tempDir(), ...stripe, PREMIUM_WITHOUT_PAYMENTS: 'open' }).premium,
    ).toBe('locked');
    expect(() => loadConfig({ DATA_DIR: tempDir(), PREMIUM_WITHOUT_PAYMENTS: 'yes' })).toThrow(
      /PREMIUM_WITHOUT_PAYMENTS/,
    );
  });

  it('accepts every loopback name for the app outside production, and only APP_URL in it', () => {
    const dev = loadConfig({ DATA_DIR: tempDir(), APP_URL: 'http://127.0.0.1:8080/' });
    expect(dev.allowedOrigins).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
    const prod = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 's'.repeat(40),
      APP_URL: 'http://localhost:3000',
    });
    expect(prod.allowedOrigins).toEqual(['http://localhost:3000']);
    const site = loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://learn.example.com/app' });
    expect(site.allowedOrigins).toEqual(['https://learn.example.com']);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['APP_URL', { APP_URL: 'not a url' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['BETTER_AUTH_SECRET', { BETTER_AUTH_SECRET: 'short' }],
  ])('stops with a message naming %s when it is invalid', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });

  it('configures the organization’s OpenID Connect sign-in from OIDC_*, or refuses halves', () => {
    const oidc = {
      OIDC_CLIENT_ID: 'skillway',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_DISCOVERY_URL: 'https://idp.acme.test/.well-known/openid-configuration',
    };
    expect(loadConfig({ DATA_DIR: tempDir() }).oidc).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), ...oidc }).oidc).toEqual({
      clientId: 'skillway',
      clientSecret: 'secret',
      discoveryUrl: oidc.OIDC_DISCOVERY_URL,
      name: 'your organization',
      domains: [],
      team: null,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        ...oidc,
        OIDC_NAME: 'Acme SSO',
        OIDC_EMAIL_DOMAINS: ' Acme.test, acme.co.uk ',
        OIDC_TEAM: 'acme-people',
      }).oidc,
    ).toMatchObject({
      name: 'Acme SSO',
      domains: ['acme.test', 'acme.co.uk'],
      team: 'acme-people',
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), OIDC_CLIENT_ID: 'x' })).toThrow(
      /OIDC_CLIENT_SECRET: required/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' }),
    ).toThrow(/OIDC_DISCOVERY_URL: required/);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), ...oidc, OIDC_EMAIL_DOMAINS: '@acme.test' }),
    ).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('outside production generates a secret once and keeps it under DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it('takes VAPID keys from the environment, or generates a pair once and keeps it under DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:admin@localhost');
    expect(statSync(join(dataDir, 'vapid-keys')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first);
    const env = {
      DATA_DIR: tempDir(),
      VAPID_PUBLIC_KEY: first.publicKey,
      VAPID_PRIVATE_KEY: first.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    };
    expect(loadConfig(env).vapid).toEqual({ ...first, subject: 'mailto:ops@example.com' });
    expect(existsSync(join(env.DATA_DIR, 'vapid-keys'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: first.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'x' }),
    ).toThrow(/VAPID_PUBLIC_KEY: must be a base64url P-256 public key/);
  });

  it('posts push only to the browsers’ push services, plus what PUSH_HOSTS adds', () => {
    const hosts = loadConfig({ DATA_DIR: tempDir() }).pushHosts;
    expect(hosts).toContain('fcm.googleapis.com');
    expect(hosts).not.toContain('push.example.com');
    expect(
      loadConfig({ DATA_DIR: tempDir(), PUSH_HOSTS: 'Push.Example.com, *.corp.example:8443' })
        .pushHosts,
    ).toEqual(
      expect.arrayContaining(['fcm.googleapis.com', 'push.example.com', '*.corp.example:8443']),
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), PUSH_HOSTS: 'https://push.example.com/' }),
    ).toThrow(/PUSH_HOSTS: not a host.*https:\/\/push\.example\.com\//);
  });

  it('in production requires BETTER_AUTH_SECRET and writes nothing', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /BETTER_AUTH_SECRET: required in production/,
    );
    expect(existsSync(join(dataDir, 'auth-secret'))).toBe(false);
    const secret = 'x'.repeat(40);
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, BETTER_AUTH_SECRET: secret })
        .authSecret,
    ).toBe(secret);
  });

  it('turns on secure mode for an https APP_URL', () => {
    expect(
      loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://learn.example.com/' }),
    ).toMatchObject({ secure: true, appUrl: 'https://learn.example.com' });
  });
});
