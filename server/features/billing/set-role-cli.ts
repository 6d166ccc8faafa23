import { loadConfig, paymentsConfigured } from '../../config';
import { openDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { setRoleByEmail } from './service';

// `npm run set-role -- <email> <premium|free>`: the local premium override for development
// and tests, and how the operator of a server without payments gives Premium where it is
// kept locked (PREMIUM_WITHOUT_PAYMENTS=locked). Where payments are configured, production
// roles come only from Stripe's verified webhooks.
const [email, role] = process.argv.slice(2);
const config = loadConfig();
if (config.env === 'production' && paymentsConfigured(config.stripe)) {
  console.error(
    'set-role is not available in production with payments configured: roles come from Stripe there.',
  );
  process.exit(1);
}
if (!email || (role !== 'premium' && role !== 'free')) {
  console.error('Usage: npm run set-role -- <email> <premium|free>');
  process.exit(2);
}
const { db, dialect } = openDb(config);
try {
  await migrateToLatest(db, dialect);
  if (!(await setRoleByEmail(db, email, role))) {
    console.error(`No account uses ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${role}. They see it after their next page load.`);
  }
} finally {
  await db.destroy();
}
