import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { StorageObjectTable } from '../../db/schema';

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

export function downloadUrl(id: string, token: string): string {
  return `/api/files/${id}?token=${token}`;
}

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

/**
 * Stores a file the server has already checked. Names and paths are made here; no part
 * of a client's file name reaches the path. Returns its id and token download URL.
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
  },
): Promise<{ id: string; url: string; metadata: StorageMetadata }> {
  const id = crypto.randomUUID();
  const token = randomBytes(24).toString('base64url');
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
    data: input.data,
  };
  await db.insertInto('storage_object').values(row).execute();
  return { id, url: downloadUrl(id, token), metadata: toMetadata(row) };
}
