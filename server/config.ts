import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { premiumAccess, type PremiumAccess } from '../core/content/access';
import { DEFAULT_PUSH_HOSTS, parsePushHosts } from '../core/reminders/push-hosts';
import { TEAM_SLUG_MAX } from '../core/teams/teams';
import { projectRoot } from './project-root';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  CONTENT_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  APP_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(8),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Skillway <no-reply@localhost>'),
  /** `1`: serve the dev outbox (/dev/mail) — only outside production, without SMTP_URL, on a loopback APP_URL. */
  DEV_OUTBOX: z.enum(['0', '1']).default('0'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Google's OpenID configuration lives; tests point it at a local OIDC server. */
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  /**
   * The organization's identity provider (OpenID Connect: Keycloak, Okta, Entra ID, Google
   * Workspace…): its discovery document, client, the name its button shows, the email
   * domains it may sign in (comma-separated; none: any) and the team it joins people to.
   */
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_DISCOVERY_URL: z.url().optional(),
  OIDC_NAME: z.string().min(1).max(40).default('your organization'),
  OIDC_EMAIL_DOMAINS: z
    .string()
    .regex(
      /^\s*[a-z0-9.-]+\.[a-z]{2,}\s*(,\s*[a-z0-9.-]+\.[a-z]{2,}\s*)*$/i,
      'must be email domains separated by commas, e.g. acme.com,acme.co.uk',
    )
    .optional(),
  OIDC_TEAM: z.string().min(1).max(TEAM_SLUG_MAX).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  /** Comma-separated proxy addresses whose X-Forwarded-For is trusted. */
  TRUSTED_PROXIES: z.string().optional(),
  /** Days analytics events are kept (13 months by default: a year-on-year comparison). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(395),
  /** Most bytes of files one user may keep in storage. */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(52_428_800),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_/, 'must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Only for tests: where the Stripe client sends API calls (a local stand-in). */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Web Push (reminders): the server's VAPID key pair (base64url, P-256) and the contact
   * push services may write to (mailto: or https:). Without the keys, a pair is generated
   * once and kept under DATA_DIR.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address')
    .optional(),
  /**
   * Push services this server posts to besides the browsers' own (core/reminders/push-hosts.ts):
   * comma-separated hosts, `*.domain` for hosts under a domain, `:port` or `:*` for ports.
   */
  PUSH_HOSTS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const bad = v === undefined ? [] : parsePushHosts(v).bad;
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `not a host, *.domain, or either with :port or :* (${bad.join(', ')})`,
        });
    }),
  /** `0`: this server does not run the reminder scheduler (another one does). */
  REMINDERS: z.enum(['0', '1']).default('1'),
  /** What premium items do on a server without payments: open to everyone, or locked. */
  PREMIUM_WITHOUT_PAYMENTS: z.enum(['open', 'locked']).default('open'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Learning content (YAML); defaults to the project's content/ folder. */
  contentDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  /**
   * Origins whose pages may make state-changing requests (and use Better Auth): APP_URL's
   * first; outside production, when APP_URL is on loopback, the same port under the other
   * loopback names too (http://127.0.0.1:3000 for http://localhost:3000).
   */
  allowedOrigins: string[];
  authSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  shutdownTimeoutMs: number;
  /** Served over https (from APP_URL): turns on HSTS and Secure cookies. */
  secure: boolean;
  passwordMinLength: number;
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * Serve /dev/mail, the outbox of mails not sent (reset links included): only when asked
   * for (DEV_OUTBOX=1), outside production, without SMTP_URL, on a loopback APP_URL — and
   * then only to requests for a loopback Host (server/features/dev/routes.ts).
   */
  devOutbox: boolean;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  facebook: { clientId: string; clientSecret: string } | null;
  /** Sign-in with the organization's OpenID Connect provider (docs/decisions/035). */
  oidc: {
    clientId: string;
    clientSecret: string;
    discoveryUrl: string;
    name: string;
    /** Lower-case email domains it may sign in; empty: any. */
    domains: string[];
    /** The slug of the team it joins people to, or null. */
    team: string | null;
  } | null;
  trustedProxies: string[];
  /** Analytics events older than this are deleted (server/maintenance.ts). */
  analyticsRetentionDays: number;
  storageQuotaBytes: number;
  /** Checkout needs the key and a price; webhooks need the signing secret. */
  stripe: {
    secretKey: string | null;
    priceId: string | null;
    webhookSecret: string | null;
    apiUrl: string | null;
  };
  /**
   * `locked`: premium items need the premium role. `open`: every item is open to everyone,
   * which is what a server that cannot sell Premium gets unless PREMIUM_WITHOUT_PAYMENTS
   * says otherwise; with payments configured, premium is always locked (core's
   * `premiumAccess`).
   */
  premium: PremiumAccess;
  /** Web Push's key pair and contact (docs/decisions/049-reminders.md). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Hosts of the push services push endpoints may name: the browsers' and PUSH_HOSTS's. */
  pushHosts: string[];
  /** Whether this server runs the reminder scheduler (REMINDERS=0 turns it off). */
  reminders: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once at start. Any bad variable stops start-up with a message
 * naming it; nothing else in the server reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (e.g. `DATABASE_URL=` in a .env file) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const stripe: Config['stripe'] = {
    secretKey: e.STRIPE_SECRET_KEY ?? null,
    priceId: e.STRIPE_PRICE_ID ?? null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    apiUrl: e.STRIPE_API_URL ?? null,
  };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    contentDir: resolve(e.CONTENT_DIR ?? join(projectRoot(), 'content')),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    allowedOrigins: allowedOrigins(appUrl, e.NODE_ENV),
    authSecret: e.BETTER_AUTH_SECRET ?? devSecret(e.NODE_ENV, dataDir),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    secure: appUrl.startsWith('https://'),
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    devOutbox: devOutbox(e, appUrl),
    google: pair('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, {
      discoveryUrl: e.GOOGLE_DISCOVERY_URL,
    }),
    facebook: pair('FACEBOOK', e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, {}),
    oidc: oidcConfig(e),
    trustedProxies: (e.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    stripe,
    premium: premiumAccess(paymentsConfigured(stripe), e.PREMIUM_WITHOUT_PAYMENTS),
    vapid: {
      ...vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, dataDir),
      subject: e.VAPID_SUBJECT ?? vapidSubject(appUrl),
    },
    pushHosts: [...DEFAULT_PUSH_HOSTS, ...parsePushHosts(e.PUSH_HOSTS ?? '').hosts],
    reminders: e.REMINDERS === '1',
  };
}

/** A push service's contact for this server: APP_URL when it is https, else a mailto. */
function vapidSubject(appUrl: string): string {
  return appUrl.startsWith('https://') ? appUrl : 'mailto:admin@localhost';
}

/**
 * The VAPID pair from the environment (both or neither), else generated once and kept under
 * DATA_DIR (`vapid-keys`, like the auth secret): browsers subscribed with the public key
 * stop receiving if it changes.
 */
function vapidKeys(
  publicKey: string | undefined,
  privateKey: string | undefined,
  dataDir: string,
): { publicKey: string; privateKey: string } {
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (publicKey || privateKey)
    throw new ConfigError(
      `Invalid configuration:\n  ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: required when ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} is set`,
    );
  const file = join(dataDir, 'vapid-keys');
  if (existsSync(file)) {
    const [pub, priv] = readFileSync(file, 'utf8').trim().split('\n');
    if (pub?.length === 87 && priv?.length === 43) return { publicKey: pub, privateKey: priv };
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const pair = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A private key with leading zero bytes comes back shorter: pad it to 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${pair.publicKey}\n${pair.privateKey}\n`, { mode: 0o600 });
  return pair;
}

/** Checkout can run: a secret key and a price (GET /api/billing's `configured`, /api/config's `payments`). */
export const paymentsConfigured = (stripe: Config['stripe']): boolean =>
  stripe.secretKey !== null && stripe.priceId !== null;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Whether a URL's host (a `Host` header's name, an APP_URL's hostname) names this machine. */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.includes(hostname);

/** DEV_OUTBOX=1 where it cannot leak reset links: anything else stops start-up, named. */
function devOutbox(e: z.infer<typeof ZEnv>, appUrl: string): boolean {
  if (e.DEV_OUTBOX !== '1') return false;
  const problem =
    e.NODE_ENV === 'production'
      ? 'not in production'
      : e.SMTP_URL
        ? 'not with SMTP_URL (mail is sent)'
        : !isLoopbackHost(new URL(appUrl).hostname)
          ? `only with a loopback APP_URL (http://localhost:…), not ${appUrl}`
          : null;
  if (problem) {
    throw new ConfigError(
      `Invalid configuration:\n  DEV_OUTBOX: the dev outbox shows reset links, so it is served ${problem}`,
    );
  }
  return true;
}

function allowedOrigins(appUrl: string, env: Config['env']): string[] {
  const url = new URL(appUrl);
  if (env === 'production' || !LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const others = LOOPBACK_HOSTS.filter((h) => h !== url.hostname).map(
    (h) => `${url.protocol}//${h}${url.port ? `:${url.port}` : ''}`,
  );
  return [url.origin, ...others];
}

/** A provider is on only when both its id and secret are set; one without the other is a mistake. */
function oidcConfig(e: z.infer<typeof ZEnv>): Config['oidc'] {
  const client = pair('OIDC', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, {});
  if (!client) return null;
  if (!e.OIDC_DISCOVERY_URL)
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_DISCOVERY_URL: required when OIDC_CLIENT_ID is set (the provider’s /.well-known/openid-configuration)',
    );
  return {
    ...client,
    discoveryUrl: e.OIDC_DISCOVERY_URL,
    name: e.OIDC_NAME,
    domains: (e.OIDC_EMAIL_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    team: e.OIDC_TEAM ?? null,
  };
}

function pair<T extends object>(
  name: string,
  clientId: string | undefined,
  clientSecret: string | undefined,
  extra: T,
): ({ clientId: string; clientSecret: string } & T) | null {
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    const missing = clientId ? `${name}_CLIENT_SECRET` : `${name}_CLIENT_ID`;
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required when ${name}_CLIENT_${clientId ? 'ID' : 'SECRET'} is set`,
    );
  }
  return { clientId, clientSecret, ...extra };
}

/** Outside production a missing secret is generated once and kept under DATA_DIR. */
function devSecret(nodeEnv: string, dataDir: string): string {
  if (nodeEnv === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  BETTER_AUTH_SECRET: required in production (at least 32 characters; e.g. `openssl rand -base64 48`)',
    );
  }
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
