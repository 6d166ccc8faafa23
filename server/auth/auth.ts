import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth, organization } from 'better-auth/plugins';
import { isEmailAddress } from '../../core/account/email';
import { MAX_PASSWORD_LENGTH } from '../../core/account/password';
import { cleanDisplayName, displayNameProblem } from '../../core/account/profile';
import { AUTH_ROUTE_LIMITS } from '../../core/limits';
import { paths } from '../../core/paths';
import { INVITATION_DAYS } from '../../core/teams/teams';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import {
  changeEmailMail,
  emailInUseMail,
  resetPasswordMail,
  teamInvitationMail,
  verificationMail,
} from '../mail/templates';
import { scopeAuthAsyncContext } from './async-context';
import {
  completeEmailChange,
  EMAIL_LINK_SECONDS,
  pendingEmailChange,
  recordEmailChange,
} from './email-change';
import { mailAllowed } from './limits';
import { isOidcRequest, joinOidcTeam, OIDC_PROVIDER_ID, oidcAllows, oidcRefusal } from './oidc';
import { hashPassword, verifyPassword } from './password';

export const SESSION_EXPIRES_IN = 7 * 24 * 60 * 60; // seconds
export const SESSION_UPDATE_AGE = 24 * 60 * 60; // refresh at most daily

/** Better Auth's per-IP limits (core/limits.ts), in the seconds it counts in. */
const AUTH_RATE_RULES = Object.fromEntries(
  Object.entries(AUTH_ROUTE_LIMITS).map(([path, { windowMs, max }]) => [
    path,
    { window: windowMs / 1000, max },
  ]),
);

/** The `joined` date of an account made today (UTC), as the spec's user record has it. */
const joinedToday = () => new Date().toISOString().slice(0, 10);

export interface AuthDeps {
  config: Config;
  db: DbHandle;
  mailer: Mailer;
  logger: Logger;
}

/** The page an invitation's mail links to (app/features/teams/InvitationPage). */
export const invitationUrl = (appUrl: string, id: string) =>
  `${appUrl}/teams/invitations/${encodeURIComponent(id)}`;

export function createAuth({ config, db, mailer, logger }: AuthDeps) {
  const oidc = config.oidc;
  const teams = organization({
    creatorRole: 'owner',
    invitationExpiresIn: INVITATION_DAYS * 24 * 60 * 60,
    // Invitation ids are the plugin's random 32-character ids and reach only the invited
    // address, so accepting needs the signed-in address to match, not to be verified.
    requireEmailVerificationOnInvitation: false,
    sendInvitationEmail: async ({ id, email, organization, inviter }) => {
      if (await mailAllowed(db.db, 'team-invitation', email))
        await mailer.send(
          teamInvitationMail(email, invitationUrl(config.appUrl, id), {
            teamName: organization.name,
            inviterName: inviter.user.name,
            inviterEmail: inviter.user.email,
          }),
        );
      else logger.warn('invitation mail skipped: per-address limit reached');
    },
    organizationHooks: {
      // OIDC_TEAM's address is the operator's (npm run team -- create): whoever made it
      // would own everyone the provider signs in. Kept also once the team is deleted.
      beforeCreateOrganization: async ({ organization }) => {
        if (oidc?.team && organization.slug === oidc.team)
          throw new APIError('CONFLICT', {
            code: 'TEAM_SLUG_RESERVED',
            message: `This address is reserved for the team of sign-in with ${oidc.name}; the server’s operator creates it.`,
          });
      },
    },
  });
  const plugins: (ReturnType<typeof genericOAuth> | typeof teams)[] = [teams];
  // OpenID Connect providers through their discovery documents: Google, and the
  // organization's own (Keycloak, Okta, Entra ID…). The same code path serves the real
  // providers and the local OIDC server the browser tests start.
  const oidcProviders = [
    ...(config.google
      ? [
          {
            providerId: 'google',
            discoveryUrl: config.google.discoveryUrl,
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
          },
        ]
      : []),
    ...(config.oidc
      ? [
          {
            providerId: OIDC_PROVIDER_ID,
            discoveryUrl: config.oidc.discoveryUrl,
            clientId: config.oidc.clientId,
            clientSecret: config.oidc.clientSecret,
          },
        ]
      : []),
  ];
  if (oidcProviders.length > 0)
    plugins.push(
      genericOAuth({
        config: oidcProviders.map((p) => ({
          ...p,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
        })),
      }),
    );

  /**
   * Before Better Auth's /change-email: the address checked by the sign-up rule, the current
   * password (for an account that has one), the change kept as pending, and, when the
   * address already has an account, a notice to it instead of the link. Better Auth then
   * answers both cases alike, as sign-up does (decision 043).
   */
  async function beforeChangeEmail(
    ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0],
    body: Record<string, unknown> | undefined,
  ) {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // Better Auth answers 401
    const typed = typeof body?.newEmail === 'string' ? body.newEmail.trim() : '';
    if (!isEmailAddress(typed))
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_EMAIL',
        message: 'Enter an email address like name@company.com.',
      });
    const newEmail = typed.toLowerCase();
    if (newEmail === session.user.email.toLowerCase())
      throw new APIError('BAD_REQUEST', {
        code: 'EMAIL_IS_THE_SAME',
        message: 'This is already your email address.',
      });
    // An account with a password proves it is its owner asking, not a borrowed session:
    // whoever holds the address holds the account (reset goes there). A wrong one counts
    // as a wrong password at sign-in (routes.ts).
    const credential = await db.db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', session.user.id)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    if (credential?.password) {
      const given = typeof body?.currentPassword === 'string' ? body.currentPassword : '';
      if (given === '')
        throw new APIError('BAD_REQUEST', {
          code: 'CURRENT_PASSWORD_REQUIRED',
          message: 'Enter your current password to change your email address.',
        });
      const right =
        given.length <= MAX_PASSWORD_LENGTH &&
        (await verifyPassword({ hash: credential.password, password: given }));
      if (!right)
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_PASSWORD',
          message: 'Invalid password',
        });
    }
    await recordEmailChange(db.db, session.user.id, session.user.email, newEmail);
    const taken = await db.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', newEmail)
      .executeTakeFirst();
    if (taken) {
      if (await mailAllowed(db.db, 'verify-email', newEmail))
        await mailer.send(emailInUseMail(newEmail, `${config.appUrl}${paths.login()}`));
      else logger.warn('address-in-use mail skipped: per-address limit reached');
    }
    return { context: { body: { ...body, newEmail, currentPassword: undefined } } };
  }

  /**
   * A link to a new address whose address got an account meanwhile would fail on the unique
   * address (a 500): send it to the confirmation page's error instead. The token's payload
   * is read unverified, only to refuse; Better Auth verifies it for everything else. The
   * page is ours, whatever callbackURL the link carries.
   */
  async function beforeVerifyEmail(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
    const token = (ctx.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return;
    let claims: { updateTo?: unknown; userId?: unknown } | null;
    try {
      claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    } catch {
      return; // not a token at all: Better Auth refuses it
    }
    if (typeof claims?.updateTo !== 'string') return;
    const holder = await db.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', claims.updateTo.toLowerCase())
      .executeTakeFirst();
    if (holder && holder.id !== claims.userId)
      throw ctx.redirect(`${paths.verified()}?error=EMAIL_TAKEN`);
  }

  // Node 20: Better Auth's async-context hooks only while its code runs (async-context.ts).
  scopeAuthAsyncContext().catch((err: unknown) =>
    logger.warn({ err }, 'Better Auth async context left on for good'),
  );
  return betterAuth({
    appName: 'Skillway',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    // Names and photos change only through /api/profile and /api/profile/photo, which apply
    // the profile rules; Better Auth's update-user would store any name and image string.
    disabledPaths: ['/update-user'],
    secret: config.authSecret,
    trustedOrigins: config.allowedOrigins,
    database: { db: db.db, type: db.dialect },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.passwordMinLength,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Unverified users may sign in (they see a banner); with autoSignIn off, sign-up
      // answers the same for known and unknown addresses (no account enumeration).
      requireEmailVerification: false,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        if (await mailAllowed(db.db, 'reset-password', user.email))
          await mailer.send(resetPasswordMail(user.email, url));
        else logger.warn({ userId: user.id }, 'reset mail skipped: per-address limit reached');
      },
      onExistingUserSignUp: async ({ user }) => {
        logger.info({ userId: user.id }, 'sign-up attempted with an existing email address');
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        // A change of address sends its link here too, with the new address as `user.email`.
        const change = await pendingEmailChange(db.db, user.id);
        const moving = change?.newEmail === user.email.toLowerCase();
        if (await mailAllowed(db.db, 'verify-email', user.email))
          await mailer.send((moving ? changeEmailMail : verificationMail)(user.email, url));
        else
          logger.warn({ userId: user.id }, 'verification mail skipped: per-address limit reached');
      },
    },
    socialProviders: config.facebook
      ? {
          facebook: {
            clientId: config.facebook.clientId,
            clientSecret: config.facebook.clientSecret,
          },
        }
      : {},
    plugins,
    hooks: {
      // Providers sign in through their redirect flow only (the sign-in buttons): an ID
      // token posted to /sign-in/social or /link-social is refused, so no account is made,
      // linked or signed in from a token obtained elsewhere, with or without a nonce.
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        if ((ctx.path === '/sign-in/social' || ctx.path === '/link-social') && body?.idToken)
          throw new APIError('BAD_REQUEST', {
            code: 'ID_TOKEN_NOT_SUPPORTED',
            message: 'Sign in with the provider’s button instead.',
          });
        if (ctx.path === '/change-email') return beforeChangeEmail(ctx, body);
        if (ctx.path === '/verify-email') await beforeVerifyEmail(ctx);
        // Sign-up stores what the profile page would: its name rule (trimmed), and no
        // photo — photos come only through /api/profile/photo, which checks the file.
        if (ctx.path === '/sign-up/email' && body) {
          if (body.image !== undefined)
            throw new APIError('BAD_REQUEST', {
              code: 'IMAGE_NOT_ACCEPTED',
              message: 'Add a photo on your profile page once you have signed up.',
            });
          const name = typeof body.name === 'string' ? body.name : '';
          const problem = displayNameProblem(name);
          if (problem)
            throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: problem });
          return { context: { body: { ...body, name: name.trim() } } };
        }
      }),
    },
    account: {
      // Link a provider onto an existing account only when that account's email is
      // verified locally and the provider vouches for the address.
      accountLinking: { enabled: true, requireLocalEmailVerified: true },
    },
    user: {
      // A new address is confirmed by a link sent to it; the address changes only when the
      // link is opened (decision 043). Not before: updateEmailWithoutVerification stays off.
      changeEmail: { enabled: true },
      // Every account the organization's provider makes, links or signs in (whichever
      // endpoint asked) is held to its claims as it sent them: a vouched-for, well-formed
      // address of OIDC_EMAIL_DOMAINS.
      validateUserInfo: ({ user, source }) => {
        if (!oidc || source.method !== 'oauth' || source.oauth?.providerId !== OIDC_PROVIDER_ID)
          return;
        const refusal =
          oidcRefusal(oidc, source.oauth.profile ?? {}) ??
          (oidcAllows(oidc, user.email) ? null : 'the address is outside OIDC_EMAIL_DOMAINS');
        if (!refusal) return;
        logger.info({ action: source.action }, `OIDC sign-in refused: ${refusal}`);
        return { error: 'oidc_refused', errorDescription: 'This address may not sign in here.' };
      },
      additionalFields: {
        stripeRole: { type: 'string', required: false, defaultValue: 'free', input: false },
        // The default also fills the made-up user sign-up answers for a known address, so
        // that answer matches a real one field for field (no account enumeration).
        joined: { type: 'string', required: false, input: false, defaultValue: joinedToday },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            // The organization's provider signs in only its own addresses (OIDC_EMAIL_DOMAINS).
            if (oidc && isOidcRequest(ctx) && !oidcAllows(oidc, user.email)) {
              logger.info('OIDC sign-up refused: the address is outside OIDC_EMAIL_DOMAINS');
              return false;
            }
            // Sign-up's name passed the name rule already; a provider's claims did not (the
            // photo too: only an https address may become an <img src>).
            const name = cleanDisplayName(user.name ?? '', user.email.split('@')[0] ?? 'Learner');
            const image =
              typeof user.image === 'string' && /^https:\/\//i.test(user.image) ? user.image : null;
            return {
              data: { ...user, name, image, stripeRole: 'free', joined: joinedToday() },
            };
          },
          // An account made through the provider joins the organization's team (OIDC_TEAM)
          // now, once: later sign-ins do not add back whoever left or was removed.
          after: async (user, ctx) => {
            if (oidc?.team && isOidcRequest(ctx))
              await joinOidcTeam(db.db, oidc.team, user.id, logger);
          },
        },
        // The link to a new address was opened: finish the change (email-change.ts).
        update: {
          after: async (user) => {
            await completeEmailChange(db, mailer, logger, config.appUrl, user);
          },
        },
      },
      session: {
        create: {
          // An existing account signing in through the provider is held to the same domains.
          before: async (session, ctx) => {
            if (!oidc || !isOidcRequest(ctx)) return;
            const user = await db.db
              .selectFrom('user')
              .select('email')
              .where('id', '=', session.userId)
              .executeTakeFirst();
            if (!user || !oidcAllows(oidc, user.email)) {
              logger.info('OIDC sign-in refused: the address is outside OIDC_EMAIL_DOMAINS');
              return false;
            }
          },
        },
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: AUTH_RATE_RULES,
    },
    advanced: {
      useSecureCookies: config.secure,
      // Better Auth turns origin checks off under NODE_ENV=test; we test what production runs.
      disableOriginCheck: false,
      // server/auth/routes.ts overwrites this header with the real client address.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secure },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Session cookie name Better Auth sets (with the __Secure- prefix over https). */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}better-auth.session_token`;
}
