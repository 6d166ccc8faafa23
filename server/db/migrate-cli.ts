import { loadConfig } from '../config';
import { openDb } from './client';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const config = loadConfig();
const { db, dialect, location } = openDb(config);
try {
  const applied = await migrateToLatest(db, dialect);
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s) to ${dialect} at ${location}: ${applied.join(', ')}`
      : `Database ${dialect} at ${location} is up to date.`,
  );
} finally {
  await db.destroy();
}
