import type { Recording } from '../../../core/items/interviews';
import type { StorageFolder } from '../../../core/magic-bytes';
import type { Db } from '../../db/client';
import { deleteInFolder, listFolder, putObject, readUpload } from '../storage/service';

const FOLDER = 'recordings' satisfies StorageFolder;

/** The user's recordings, newest first; only one interview question's when it is named. */
export async function listRecordings(
  db: Db,
  userId: string,
  interviewId?: string | undefined,
): Promise<Recording[]> {
  const rows = await listFolder(db, userId, FOLDER);
  return rows
    .filter((r) => !interviewId || r.meta.interviewId === interviewId)
    .map((r) => ({
      id: r.id,
      interviewId: r.meta.interviewId ?? '',
      url: r.url,
      contentType: r.contentType,
      size: r.size,
      durationMs: Number(r.meta.durationMs ?? 0),
      createdAt: r.createdAt,
    }));
}

/**
 * Stores an audio answer to an interview question. The body is read as it streams and
 * checked by its magic bytes against the recordings folder's types and cap.
 */
export async function storeRecording(
  db: Db,
  input: {
    userId: string;
    interviewId: string;
    body: ReadableStream<Uint8Array> | null;
    contentType: string;
    durationMs: number;
    quotaBytes: number;
  },
): Promise<Recording> {
  const { userId, interviewId, durationMs } = input;
  const { data, media } = await readUpload(input.body, FOLDER, input.contentType);
  const stored = await putObject(db, {
    ownerId: userId,
    folder: FOLDER,
    ext: media.ext,
    contentType: media.contentType,
    data,
    customMetadata: { interviewId, durationMs: String(durationMs) },
    quotaBytes: input.quotaBytes,
  });
  return {
    id: stored.id,
    interviewId,
    url: stored.url,
    contentType: media.contentType,
    size: data.byteLength,
    durationMs,
    createdAt: stored.metadata.timeCreated,
  };
}

export const deleteRecording = (db: Db, userId: string, id: string) =>
  deleteInFolder(db, userId, FOLDER, id, 'recording');
