import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client';

/**
 * Better Auth's tables (its default camelCase names, as its own schema generator writes
 * them) plus ours for accounts: mail outbox, profile fields, stored files, rate-limit
 * buckets. Our tables reference "user" with ON DELETE CASCADE, so deleting a user
 * removes every row they own.
 */
export function accountsMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const date = pg ? 'timestamptz' : 'date';
  const bool = pg ? 'boolean' : 'integer';
  const blob = pg ? 'bytea' : 'blob';
  const now = pg ? sql`CURRENT_TIMESTAMP` : null;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', bool, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('stripeRole', 'text')
        .addColumn('joined', 'text')
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
        .execute();
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute();
      // Every signed-in API request looks its session up by token (unique index above);
      // these serve "all sessions / accounts of a user" and verification lookups.
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
      await db.schema
        .createIndex('verification_identifier_idx')
        .on('verification')
        .column('identifier')
        .execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mail_outbox_created')
        .on('mail_outbox')
        .column('created_at')
        .execute();

      // One row per (user, field): "profiles: free-form fields updated one at a time".
      await db.schema
        .createTable('profile_field')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('profile_field_pk', ['user_id', 'field'])
        .execute();

      await db.schema
        .createTable('storage_object')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('full_path', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('generation', 'text', (c) => c.notNull())
        .addColumn('metageneration', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('time_created', 'text', (c) => c.notNull())
        .addColumn('updated', 'text', (c) => c.notNull())
        .addColumn('md5_hash', 'text', (c) => c.notNull())
        .addColumn('cache_control', 'text')
        .addColumn('content_disposition', 'text')
        .addColumn('content_encoding', 'text')
        .addColumn('content_language', 'text')
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('custom_metadata', 'text', (c) => c.notNull())
        .addColumn('download_token', 'text')
        .addColumn('data', blob, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('storage_object_owner')
        .on('storage_object')
        .column('owner_id')
        .execute();

      // Fixed-window counters for limits Better Auth cannot express (per email address).
      await db.schema
        .createTable('rate_limit_bucket')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      // Export and account deletion read a user's analytics events.
      await db.schema
        .createIndex('analytics_event_user')
        .on('analytics_event')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of [
        'rate_limit_bucket',
        'storage_object',
        'profile_field',
        'mail_outbox',
        'rateLimit',
        'verification',
        'account',
        'session',
        'user',
      ]) {
        await db.schema.dropTable(t).execute();
      }
      await db.schema.dropIndex('analytics_event_user').execute();
    },
  };
}
