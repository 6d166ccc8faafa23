import { Migrator, type Migration } from 'kysely';
import type { Db } from './client';
import * as m0001 from './migrations/0001-foundation';

// A static map rather than a folder scan, so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
