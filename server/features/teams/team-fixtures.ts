import { expect } from 'vitest';
import type { TestServer } from '../../test/support';
import { createUser, jsonCall, latestMailLink } from '../../test/users';

type User = Awaited<ReturnType<typeof createUser>>;

/** A test file's helpers for teams: expectations on answers, and a team of three roles. */
export function teamFixtures(server: () => TestServer) {
  const call = jsonCall(server);
  let slugs = 0;
  const newSlug = () => `team-${++slugs}-${Math.random().toString(36).slice(2, 7)}`;

  async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return JSON.parse(text) as T;
  }
  async function refused(res: Promise<Response>, status: number, code?: string) {
    const r = await res;
    const body = (await r.json()) as { error: { code: string; message: string } };
    expect(r.status, body.error.message).toBe(status);
    if (code) expect(body.error.code).toBe(code);
    return body.error;
  }

  /** Invites `who` by email and has them accept through the mailed link's id. */
  async function join(owner: User, slug: string, who: User, role: 'member' | 'admin' = 'member') {
    await ok(
      call(owner.cookie, 'POST', `/api/teams/${slug}/invitations`, { email: who.email, role }),
      201,
    );
    const id = new URL(await latestMailLink(server(), who.email, 'team-invitation')).pathname
      .split('/')
      .pop()!;
    await ok(call(who.cookie, 'POST', `/api/teams/invitations/${id}/accept`));
    return id;
  }

  async function teamWith(): Promise<{ slug: string; owner: User; admin: User; member: User }> {
    const t = server();
    // Owners and admins create teams and invite: that takes a confirmed address.
    const [owner, admin, member] = await Promise.all([
      createUser(t, { name: 'Olga Owner', verified: true }),
      createUser(t, { name: 'Adam Admin', verified: true }),
      createUser(t, { name: 'Mia Member' }),
    ]);
    const slug = newSlug();
    await ok(call(owner.cookie, 'POST', '/api/teams', { name: 'Learning Guild', slug }), 201);
    await join(owner, slug, admin, 'admin');
    await join(owner, slug, member);
    return { slug, owner, admin, member };
  }

  return { ok, refused, join, teamWith, newSlug };
}
