import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
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
  authSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  shutdownTimeoutMs: number;
  /** Served over https (from APP_URL): turns on HSTS and Secure cookies. */
  secure: boolean;
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    contentDir: resolve(e.CONTENT_DIR ?? join(projectRoot(), 'content')),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    authSecret: e.BETTER_AUTH_SECRET ?? devSecret(e.NODE_ENV, dataDir),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    secure: appUrl.startsWith('https://'),
  };
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
