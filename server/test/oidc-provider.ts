import { OAuth2Server } from 'oauth2-mock-server';
import type { TestServer } from './support';
import { authPost } from './users';

export const OIDC_CLIENT_ID = 'skillway-acme';

/**
 * A local OpenID Connect provider (oauth2-mock-server) on a free loopback port. It vouches
 * for whatever identity was last given to `vouchFor`, in the ID token and at userinfo;
 * `idToken` signs a token of its own (for sign-in with an ID token).
 */
export async function startOidcProvider() {
  let identity: Record<string, unknown> = {};
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  server.service.on('beforeUserinfo', (res: { body: unknown }) => {
    res.body = { ...identity };
  });
  return {
    discoveryUrl: `${server.issuer.url}/.well-known/openid-configuration`,
    vouchFor: (next: Record<string, unknown>) => {
      identity = next;
    },
    /** An ID token for this app (audience: its client id) carrying `claims`. */
    idToken: (claims: Record<string, unknown>) =>
      server.issuer.buildToken({
        scopesOrTransform: (_header: unknown, payload: Record<string, unknown>) => {
          Object.assign(payload, { aud: OIDC_CLIENT_ID }, claims);
        },
      }),
    stop: () => server.stop(),
  };
}

/** The server's environment for the organization's provider. */
export function oidcEnv(discoveryUrl: string, extra: Record<string, string> = {}) {
  return {
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: 'skillway-acme-secret',
    OIDC_DISCOVERY_URL: discoveryUrl,
    OIDC_NAME: 'Acme SSO',
    ...extra,
  };
}

/** `name=value; …` of the cookies a response sets (the ones it clears left out). */
function cookiesOf(res: Response): string[] {
  return res.headers
    .getSetCookie()
    .filter((c) => !/Max-Age=0/i.test(c))
    .map((c) => c.split(';')[0] ?? '');
}

/**
 * The product's redirect sign-in through the provider, as a browser does it: start at
 * /sign-in/social, let the provider redirect back with a code, follow the callback.
 * Answers the session cookie ('' when refused) and where the callback sent the browser.
 */
export async function oidcRedirectSignIn(
  t: TestServer,
): Promise<{ cookie: string; location: string }> {
  const start = await authPost(t, '/sign-in/social', {
    provider: 'oidc',
    callbackURL: '/teams',
    errorCallbackURL: '/user/login?error=oauth',
  });
  if (start.status !== 200) throw new Error(`sign-in start: ${start.status} ${await start.text()}`);
  const jar = cookiesOf(start);
  const { url } = (await start.json()) as { url: string };
  const authorize = await fetch(url, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location') ?? '');
  const callback = await t.fetch(`${back.pathname}${back.search}`, {
    redirect: 'manual',
    headers: { Cookie: jar.join('; ') },
  });
  const session = cookiesOf(callback).find((c) => c.includes('session_token='));
  return { cookie: session ?? '', location: callback.headers.get('location') ?? '' };
}
