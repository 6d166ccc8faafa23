import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { projectRoot } from '../project-root';

/**
 * argon2id at OWASP's minimum (19 MiB, t=2, p=1). Each hash takes ~19 MiB and tens of
 * milliseconds of CPU, so at most MAX_CONCURRENT run at once; the rest wait in line.
 */
const OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  algorithm: 2 /* Argon2id */,
} as const;
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  return limited(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false; // not an argon2 hash
    }
  });
}

/** The common-password list shipped with the app (see the header of the file for its source). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(join(projectRoot(), 'server', 'auth', 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/**
 * Why a new password is refused beyond its length, or null: it is among the most common
 * passwords, or it is the account's email address, its local part or the name.
 */
export function passwordProblem(
  password: string,
  who: { email?: string | null; name?: string | null },
): string | null {
  const p = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(p))
    return 'This password is too common and easy to guess. Please choose another one.';
  const email = who.email?.trim().toLowerCase() ?? '';
  const personal = [email, email.split('@')[0] ?? '', who.name?.trim().toLowerCase() ?? ''];
  if (personal.some((s) => s !== '' && s === p))
    return 'Your password cannot be your email address or your name. Please choose another one.';
  return null;
}
