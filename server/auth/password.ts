import { hash, verify } from '@node-rs/argon2';

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
