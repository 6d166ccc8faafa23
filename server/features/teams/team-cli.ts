import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { createTeamByOperator } from './operator';

// `npm run team -- create <slug> --name "<name>" --owner <email>`: the operator makes a team
// owned by an existing account. The only way to make the team OIDC_TEAM names, whose
// address no account may take (README: Teams).
const usage = 'Usage: npm run team -- create <slug> --name "<name>" --owner <email>';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, owner: { type: 'string' } },
  });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const [command, slug, ...rest] = parsed.positionals;
const { name, owner } = parsed.values;
if (command !== 'create' || !slug || rest.length > 0 || !name || !owner) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
const { db, dialect } = openDb(config);
try {
  await migrateToLatest(db, dialect);
  const problem = await createTeamByOperator(db, { slug, name, ownerEmail: owner });
  if (problem) {
    console.error(problem);
    process.exitCode = 1;
  } else {
    console.log(`Team ${slug} created; ${owner} owns it.`);
  }
} finally {
  await db.destroy();
}
