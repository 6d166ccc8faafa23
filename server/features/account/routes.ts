import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_EXTENSION, MAX_PHOTO_BYTES, sniffImage } from '../../../core/magic-bytes';
import { ZDeleteAccount, ZProfilePatch } from '../../../core/account/profile';
import { ZSettingsPatch } from '../../../core/account/settings';
import { SESSION_UPDATE_AGE, sessionCookieName, type Auth } from '../../auth/auth';
import { pendingEmailChange } from '../../auth/email-change';
import { requireUser, type SessionUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Catalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { invalidArgument, payloadTooLarge } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { validate } from '../../http/validate';
import { putObject } from '../storage/service';
import { exportArchive } from './export-archive';
import {
  deleteAccount,
  exportUserData,
  getProfile,
  getUserRecord,
  patchProfile,
  removePhoto,
  setPhoto,
} from './service';
import { patchSettings } from './settings';

export function accountRoutes(db: Db, auth: Auth, config: Config, catalog: Catalog) {
  // Keep the session alive on use: once a day, let Better Auth extend it and re-set its
  // cookie (our own routes otherwise never call into Better Auth).
  async function keepAlive(c: Context<AppEnv>, user: SessionUser) {
    if (Date.now() - user.sessionUpdatedAt.getTime() <= SESSION_UPDATE_AGE * 1000) return;
    const refreshed = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    for (const cookie of refreshed.headers.getSetCookie())
      c.header('Set-Cookie', cookie, { append: true });
  }
  return (
    new Hono<AppEnv>()
      .get('/me', async (c) => {
        const user = requireUser(c);
        c.header('Cache-Control', 'no-store');
        await keepAlive(c, user);
        return c.json(await getUserRecord(db, user));
      })
      // Who is signed in, if anyone: the app asks on every start, and a guest is an answer
      // (200 with null), not an error — unlike /me, which is 401 for guests.
      .get('/session', async (c) => {
        const user = c.var.user;
        c.header('Cache-Control', 'no-store');
        if (!user) return c.json({ user: null });
        await keepAlive(c, user);
        return c.json({ user: await getUserRecord(db, user) });
      })
      .get('/me/export', async (c) => {
        const user = requireUser(c);
        const data = await exportUserData(db, user);
        c.header('Cache-Control', 'no-store');
        c.header(
          'Content-Disposition',
          `attachment; filename="skillway-export-${data.exportedAt.slice(0, 10)}.json"`,
        );
        return c.json(data);
      })
      // The same data for a person: a readable summary, the JSON and their files, streamed.
      .get('/me/export.zip', async (c) => {
        const user = requireUser(c);
        const { fileName, body } = await exportArchive(db, catalog, user);
        c.header('Cache-Control', 'no-store');
        c.header('Content-Type', 'application/zip');
        c.header('Content-Disposition', `attachment; filename="${fileName}"`);
        return c.body(body);
      })
      .delete('/me', validate('json', ZDeleteAccount), async (c) => {
        const user = requireUser(c);
        const { confirmEmail, teams } = c.req.valid('json');
        if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
          throw invalidArgument('Type your account’s email address to confirm the deletion.');
        }
        await deleteAccount(db, user, teams);
        const secure = config.secure ? '; Secure' : '';
        c.header(
          'Set-Cookie',
          `${sessionCookieName(config.secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
        );
        return c.json({ deleted: true });
      })
      .get('/profile', async (c) => {
        const user = requireUser(c);
        c.header('Cache-Control', 'no-store');
        return c.json(await getProfile(db, user.id, c.var.log));
      })
      .patch('/profile', validate('json', ZProfilePatch), async (c) => {
        const user = requireUser(c);
        const patch = c.req.valid('json');
        await patchProfile(db, user.id, patch);
        return c.json({ field: patch.field, value: patch.value });
      })
      // The account's settings, the same on every device (decision 039); read with the
      // session (getUserRecord), written here.
      .patch('/settings', validate('json', ZSettingsPatch), async (c) => {
        const user = requireUser(c);
        return c.json(await patchSettings(db, user.id, c.req.valid('json')));
      })
      .post(
        '/profile/photo',
        bodyLimit({
          maxSize: MAX_PHOTO_BYTES,
          onError: () => {
            throw payloadTooLarge(MAX_PHOTO_BYTES);
          },
        }),
        async (c) => {
          const user = requireUser(c);
          const data = new Uint8Array(await c.req.arrayBuffer());
          if (data.byteLength === 0) throw invalidArgument('The photo is empty.');
          const type = sniffImage(data);
          if (!type) throw invalidArgument('The photo must be a PNG, JPEG or WebP image.');
          const stored = await putObject(db, {
            ownerId: user.id,
            folder: 'profile',
            ext: IMAGE_EXTENSION[type],
            contentType: type,
            data,
            quotaBytes: config.storageQuotaBytes,
          });
          await setPhoto(db, user.id, stored.url);
          return c.json({ photoURL: stored.url, metadata: stored.metadata }, 201);
        },
      )
      .delete('/profile/photo', async (c) => {
        const user = requireUser(c);
        await removePhoto(db, user.id);
        return c.json({ photoURL: null });
      })
      // A change of address waiting for its link (Better Auth's /api/auth/change-email asks
      // for one): the profile says where the link went until it is opened.
      .get('/profile/email-change', async (c) => {
        const user = requireUser(c);
        c.header('Cache-Control', 'no-store');
        const pending = await pendingEmailChange(db, user.id);
        return c.json({
          newEmail: pending?.newEmail ?? null,
          expiresAt: pending?.expiresAt ?? null,
        });
      })
  );
}
