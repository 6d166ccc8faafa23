import { sniffImage, type StorageFolder } from '../../../core/magic-bytes';
import type { Db } from '../../db/client';
import { invalidArgument } from '../../http/errors';
import { applyListOp } from '../items/service';
import { deleteInFolder, listFolder, putObject } from '../storage/service';
import { applyOnce } from '../sync/service';

export const DOODLE_FOLDER = 'doodles' satisfies StorageFolder;

export interface Doodle {
  id: string;
  wordId: string;
  url: string;
  createdAt: string;
}

/** The user's doodles, newest first. */
export async function listDoodles(db: Db, userId: string): Promise<Doodle[]> {
  const rows = await listFolder(db, userId, DOODLE_FOLDER);
  return rows.map((r) => ({
    id: r.id,
    wordId: r.meta.wordId ?? '',
    url: r.url,
    createdAt: r.createdAt,
  }));
}

/**
 * Stores a PNG drawing of a word and marks the word doodled, in one transaction. With an
 * op id (a guest's doodle sent after sign-in) it stores one doodle however often it is
 * retried: a repeat returns the first doodle with `created: false`.
 */
export async function storeDoodle(
  db: Db,
  input: {
    userId: string;
    wordId: string;
    data: Uint8Array;
    quotaBytes: number;
    opId?: string | undefined;
  },
): Promise<{ doodle: Doodle; created: boolean }> {
  const { userId, wordId, data, quotaBytes, opId } = input;
  if (sniffImage(data) !== 'image/png') throw invalidArgument('A doodle must be a PNG image.');
  const store = async (d: Db): Promise<Doodle> => {
    const stored = await putObject(d, {
      ownerId: userId,
      folder: DOODLE_FOLDER,
      ext: 'png',
      contentType: 'image/png',
      data,
      customMetadata: { wordId },
      quotaBytes,
    });
    await applyListOp(d, userId, 'word', wordId, 'doodled');
    return { id: stored.id, wordId, url: stored.url, createdAt: stored.metadata.timeCreated };
  };
  if (opId === undefined) return { doodle: await store(db), created: true };
  const once = await applyOnce(db, userId, opId, `doodle:${wordId}`, store);
  return { doodle: once.result, created: once.status === 'applied' };
}

export const deleteDoodle = (db: Db, userId: string, id: string) =>
  deleteInFolder(db, userId, DOODLE_FOLDER, id, 'doodle');
