import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@shared/access/auth';
import { users } from '@server/db/schema';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { createTestContext, type TestContext } from '@server/test/harness';
import { REFRESH_COOKIE } from './routes';
import { changePassword, revokeCustomerSessions, revokeUserSessions } from './revocation';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = async (Email: string, Password = DEMO_PASSWORD) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { Email, Password },
  });
  if (response.statusCode !== 200) return null;
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
  const body = response.json<LoginResponse>();
  return { token: body.AccessToken, id: body.Auth.Id, customerId: body.Auth.CustomerId, cookie };
};
const signIn = async (email: string) => {
  const session = await login(email);
  if (!session) throw new Error(`login ${email} failed`);
  return session;
};

const dashboard = async (token: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/home/dashboard',
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;
const refresh = async (cookie: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [REFRESH_COOKIE]: cookie },
    })
  ).statusCode;

/** A user of its own (a copy of user@demo.test), so deleting or re-keying it spares the others. */
async function temporaryUser(email: string): Promise<void> {
  await ctx.database.db.execute(sql`
    insert into users (email, password_hash, role_id, customer_id)
    select ${email}, password_hash, role_id, customer_id
    from users where email = 'user@demo.test'`);
}

describe('session revocation', () => {
  it('changing a password ends every session of the user: tokens 401, refresh fails', async () => {
    await temporaryUser('password-change@demo.test');
    const phone = await signIn('password-change@demo.test');
    const office = await signIn('password-change@demo.test');
    expect(await dashboard(phone.token)).toBe(200);

    expect(await changePassword(ctx.database.db, phone.id, 'a-new-password')).toBe(true);
    expect(await dashboard(phone.token)).toBe(401);
    expect(await dashboard(office.token)).toBe(401);
    expect(await refresh(phone.cookie)).toBe(401);
    expect(await refresh(office.cookie)).toBe(401);
    // The new password signs in; the old one no longer does.
    const fresh = await login('password-change@demo.test', 'a-new-password');
    expect(fresh).not.toBeNull();
    expect(await dashboard(fresh?.token ?? '')).toBe(200);
    expect(await login('password-change@demo.test')).toBeNull();
  });

  it('changing the password of nobody changes nothing', async () => {
    expect(await changePassword(ctx.database.db, 999_999, 'whatever-password')).toBe(false);
  });

  it("revoking a user's sessions leaves other users signed in", async () => {
    const user = await signIn('user@demo.test');
    const viewer = await signIn('viewer@demo.test');
    expect(await dashboard(user.token)).toBe(200);
    expect(await revokeUserSessions(ctx.database.db, user.id)).toBeGreaterThan(0);
    expect(await dashboard(user.token)).toBe(401);
    expect(await dashboard(viewer.token)).toBe(200);
  });

  it('revoking a customer ends the sessions of every user of it, and only those', async () => {
    const user = await signIn('user@demo.test');
    const viewer = await signIn('viewer@demo.test');
    const admin = await signIn('admin@demo.test');
    for (const token of [user.token, viewer.token, admin.token])
      expect(await dashboard(token)).toBe(200);

    expect(user.customerId).toBe(viewer.customerId);
    await revokeCustomerSessions(ctx.database.db, user.customerId);
    expect(await dashboard(user.token)).toBe(401);
    expect(await dashboard(viewer.token)).toBe(401);
    expect(await refresh(viewer.cookie)).toBe(401);
    expect(await dashboard(admin.token)).toBe(200);
  });

  it('the token of a deleted user is refused', async () => {
    await temporaryUser('deleted@demo.test');
    const session = await signIn('deleted@demo.test');
    await ctx.database.db.delete(users).where(eq(users.id, session.id));
    expect(await dashboard(session.token)).toBe(401);
    expect(await refresh(session.cookie)).toBe(401);
  });

  it('deleting a user after revoking its sessions takes effect at once, even for a token in use', async () => {
    await temporaryUser('deleted-in-use@demo.test');
    const session = await signIn('deleted-in-use@demo.test');
    expect(await dashboard(session.token)).toBe(200);
    await revokeUserSessions(ctx.database.db, session.id);
    await ctx.database.db.delete(users).where(eq(users.id, session.id));
    expect(await dashboard(session.token)).toBe(401);
  });
});
