import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  MAX_BYTES,
  SNIFF_BYTES,
  STORAGE_FOLDERS,
  sniffMedia,
  type SniffedMedia,
  type StorageFolder,
} from '../../../core/magic-bytes';
import { inTransaction, type Db } from '../../db/client';
import type { StorageObjectTable } from '../../db/schema';
import { AppError, payloadTooLarge } from '../../http/errors';

/** The spec's storage metadata fields (section 3), as the API returns them. */
export interface StorageMetadata {
  bucket: string;
  generation: string;
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  contentType: string;
  customMetadata: Record<string, string>;
}

export const BUCKET = 'skillway';

/**
 * Where file bytes live. Each call gets the executor of the metadata statement it belongs
 * to, so the default driver writes the bytes in the same transaction as the row (an upload
 * is stored whole or not at all). A driver that keeps bytes elsewhere ignores it; all app
 * servers must then reach the same store.
 */
export interface BlobDriver {
  put(db: Db, id: string, data: Uint8Array): Promise<void>;
  get(db: Db, id: string): Promise<Uint8Array | null>;
  delete(db: Db, id: string): Promise<void>;
}

/** Bytes in the object's own `storage_object.data` column: shared by every app server. */
export const dbBlobDriver: BlobDriver = {
  async put(db, id, data) {
    await db.updateTable('storage_object').set({ data }).where('id', '=', id).execute();
  },
  async get(db, id) {
    const row = await db
      .selectFrom('storage_object')
      .select('data')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.data ?? null;
  },
  // The bytes go with the row the caller deletes.
  async delete() {},
};

// Storage's own error names lead the message: the envelope code must come from the shared
// catalog, and a client can read the name back from there.
export const objectNotFound = () =>
  new AppError('not-found', 'object-not-found: No file at this address.');
const unauthorized = () =>
  new AppError('permission-denied', 'unauthorized: This file belongs to someone else.');
const noDownloadUrl = () =>
  new AppError(
    'not-found',
    'no-download-url: This file has no download URL; its link was revoked. Make a new one.',
  );
const quotaExceeded = (quota: number) =>
  new AppError(
    'quota-exceeded',
    `quota-exceeded: This file would take your storage past ${quota} bytes. Delete some files first.`,
  );

export function downloadUrl(id: string, token: string): string {
  return `/api/files/${id}?token=${token}`;
}

const newToken = () => randomBytes(24).toString('base64url');

export function toMetadata(row: Omit<StorageObjectTable, 'data'>): StorageMetadata {
  return {
    bucket: row.bucket,
    generation: row.generation,
    metageneration: row.metageneration,
    fullPath: row.full_path,
    name: row.name,
    size: row.size,
    timeCreated: row.time_created,
    updated: row.updated,
    md5Hash: row.md5_hash,
    cacheControl: row.cache_control,
    contentDisposition: row.content_disposition,
    contentEncoding: row.content_encoding,
    contentLanguage: row.content_language,
    contentType: row.content_type,
    customMetadata: JSON.parse(row.custom_metadata) as Record<string, string>,
  };
}

/** Bytes the user's files take now. */
export async function usedBytes(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('storage_object')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/**
 * Stores a file the server has already checked. Names and paths are made here; no part
 * of a client's file name reaches the path. Returns its id and token download URL.
 * With `quotaBytes`, the user's files plus this one must fit in it (402 otherwise).
 */
export async function putObject(
  db: Db,
  input: {
    ownerId: string;
    folder: string;
    ext: string;
    contentType: string;
    data: Uint8Array;
    customMetadata?: Record<string, string>;
    quotaBytes?: number;
  },
  driver: BlobDriver = dbBlobDriver,
): Promise<{ id: string; url: string; metadata: StorageMetadata }> {
  const id = crypto.randomUUID();
  const token = newToken();
  const now = new Date().toISOString();
  const name = `${id}.${input.ext}`;
  const row = {
    id,
    owner_id: input.ownerId,
    bucket: BUCKET,
    full_path: `users/${input.ownerId}/${input.folder}/${name}`,
    name,
    generation: String(Date.now() * 1000),
    metageneration: '1',
    size: input.data.byteLength,
    time_created: now,
    updated: now,
    md5_hash: createHash('md5').update(input.data).digest('base64'),
    cache_control: 'private, max-age=3600',
    content_disposition: `inline; filename="${name}"`,
    content_encoding: null,
    content_language: null,
    content_type: input.contentType,
    custom_metadata: JSON.stringify(input.customMetadata ?? {}),
    download_token: token,
  };
  await inTransaction(db, async (trx) => {
    if (input.quotaBytes !== undefined) {
      // Two uploads at once must not both fit in the last free bytes: writing the user's
      // row first makes them queue (a row lock in PostgreSQL, the write lock in SQLite),
      // so each one sums the sizes the other has committed.
      const locked = await trx
        .updateTable('user')
        .set((eb) => ({ name: eb.ref('name') }))
        .where('id', '=', input.ownerId)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) === 0) {
        throw new AppError('unauthenticated', 'Please log in to do this.');
      }
      const used = await usedBytes(trx, input.ownerId);
      if (used + row.size > input.quotaBytes) throw quotaExceeded(input.quotaBytes);
    }
    await trx
      .insertInto('storage_object')
      .values({ ...row, data: new Uint8Array(0) })
      .execute();
    await driver.put(trx, id, input.data);
  });
  return { id, url: downloadUrl(id, token), metadata: toMetadata(row) };
}

/**
 * Reads an upload body without trusting Content-Length: bytes are counted as they arrive
 * and reading stops at the folder's cap + 1 (413). The type is judged by the first bytes,
 * so a file of the wrong kind is refused before the rest is read.
 */
export async function readUpload(
  body: ReadableStream<Uint8Array> | null,
  folder: StorageFolder,
  declaredType: string,
): Promise<{ data: Uint8Array; media: SniffedMedia }> {
  const kind = STORAGE_FOLDERS[folder];
  const cap = MAX_BYTES[kind];
  const chunks: Uint8Array[] = [];
  let total = 0;
  let media: SniffedMedia | null = null;
  const judge = () => {
    const head = Buffer.concat(chunks, total).subarray(0, SNIFF_BYTES);
    const found = sniffMedia(head, declaredType);
    if (found?.kind === kind) return found;
    // The rest of the body stays unread, so the connection cannot be reused.
    throw new AppError(
      'invalid-argument',
      kind === 'image'
        ? `Files in ${folder} must be PNG, JPEG or WebP images.`
        : `Files in ${folder} must be WebM, Ogg, WAV or MP4/M4A recordings.`,
      { headers: { Connection: 'close' } },
    );
  };
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw new AppError('cancelled', 'The upload was interrupted before it ended.');
      });
      if (done) break;
      total += value.byteLength;
      if (total > cap) throw payloadTooLarge(cap);
      chunks.push(value);
      if (!media && total >= SNIFF_BYTES) media = judge();
    }
  }
  if (total === 0) throw new AppError('invalid-argument', 'The file is empty.');
  media ??= judge();
  return { data: Buffer.concat(chunks, total), media };
}

/** Every column but the bytes: what metadata, listings and exports read. */
export const metadataColumns = [
  'id',
  'owner_id',
  'bucket',
  'full_path',
  'name',
  'generation',
  'metageneration',
  'size',
  'time_created',
  'updated',
  'md5_hash',
  'cache_control',
  'content_disposition',
  'content_encoding',
  'content_language',
  'content_type',
  'custom_metadata',
  'download_token',
] as const;

/** The user's files in one folder, newest first, with their custom metadata. */
export async function listFolder(db: Db, userId: string, folder: StorageFolder) {
  const rows = await db
    .selectFrom('storage_object')
    .select(['id', 'custom_metadata', 'download_token', 'time_created', 'size', 'content_type'])
    .where('owner_id', '=', userId)
    .where('full_path', 'like', `users/${userId}/${folder}/%`)
    .orderBy('time_created', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    meta: JSON.parse(r.custom_metadata) as Record<string, string>,
    url: r.download_token ? downloadUrl(r.id, r.download_token) : '',
    createdAt: r.time_created,
    size: Number(r.size),
    contentType: r.content_type,
  }));
}

/** Deletes one of the user's files in `folder` by id; 404 when there is none. */
export async function deleteInFolder(
  db: Db,
  userId: string,
  folder: StorageFolder,
  id: string,
  what: string,
): Promise<void> {
  const deleted = await db
    .deleteFrom('storage_object')
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .where('full_path', 'like', sql<string>`${`users/${userId}/${folder}/%`}`)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0)
    throw new AppError('not-found', `object-not-found: No such ${what}.`);
}

/** The user's object at `fullPath`; another user's path is refused before any lookup. */
async function ownedRow(db: Db, userId: string, fullPath: string) {
  if (fullPath.split('/')[1] !== userId) throw unauthorized();
  const row = await db
    .selectFrom('storage_object')
    .select(metadataColumns)
    .where('full_path', '=', fullPath)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw objectNotFound();
  return row;
}

export async function getMetadata(
  db: Db,
  userId: string,
  fullPath: string,
): Promise<StorageMetadata> {
  return toMetadata(await ownedRow(db, userId, fullPath));
}

/** The object's current download URL; none after a revoke until a new one is made. */
export async function getDownloadUrl(db: Db, userId: string, fullPath: string): Promise<string> {
  const row = await ownedRow(db, userId, fullPath);
  if (!row.download_token) throw noDownloadUrl();
  return downloadUrl(row.id, row.download_token);
}

// The token is part of the metadata (as in Firebase), so changing it is a metadata update.
const bumpMetadata = (now: string) => ({
  updated: now,
  metageneration: sql<string>`cast(cast(metageneration as integer) + 1 as text)`,
});

/**
 * Makes a download URL when the object has none (after a revoke). Idempotent: an existing
 * URL is returned, so a retried request never revokes a link it has just handed out.
 */
export async function createDownloadUrl(db: Db, userId: string, fullPath: string): Promise<string> {
  const row = await ownedRow(db, userId, fullPath);
  const token = newToken();
  const set = await db
    .updateTable('storage_object')
    .set({ download_token: token, ...bumpMetadata(new Date().toISOString()) })
    .where('id', '=', row.id)
    .where('download_token', 'is', null)
    .executeTakeFirst();
  if (Number(set.numUpdatedRows) === 1) return downloadUrl(row.id, token);
  // Someone else made (or already had) one; theirs stands.
  return getDownloadUrl(db, userId, fullPath);
}

/** Every URL handed out for the object stops working at once. */
export async function revokeDownloadUrl(db: Db, userId: string, fullPath: string): Promise<void> {
  const row = await ownedRow(db, userId, fullPath);
  if (row.download_token === null) return;
  await db
    .updateTable('storage_object')
    .set({ download_token: null, ...bumpMetadata(new Date().toISOString()) })
    .where('id', '=', row.id)
    .execute();
}

export async function deleteObject(
  db: Db,
  userId: string,
  fullPath: string,
  driver: BlobDriver = dbBlobDriver,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await ownedRow(trx, userId, fullPath);
    await driver.delete(trx, row.id);
    await trx.deleteFrom('storage_object').where('id', '=', row.id).execute();
  });
}

/** What a token URL serves; any mismatch looks the same as no file at all. */
export async function readByToken(
  db: Db,
  id: string,
  token: string,
  driver: BlobDriver = dbBlobDriver,
) {
  const row = await db
    .selectFrom('storage_object')
    .select(['id', 'content_type', 'download_token', 'name', 'cache_control', 'md5_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  const expected = Buffer.from(row?.download_token ?? '');
  const given = Buffer.from(token);
  if (
    !row ||
    expected.length === 0 ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  ) {
    throw objectNotFound();
  }
  const data = await driver.get(db, row.id);
  if (!data) throw objectNotFound();
  return { ...row, data };
}
