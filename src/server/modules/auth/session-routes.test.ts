import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@shared/access/auth';
import { buildApp } from '@server/app';
import { DEMO_PASSWORD } from '@server/seed/demo';
import type { App } from '@server/http/types';
import {
  createTestContext,
  TEST_SECRET,
  TEST_SECRETS_KEY,
  type TestContext,
} from '@server/test/harness';
import { claimsOf, refreshCookieOf, sessionCalls, signInOf } from '@server/test/session-calls';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Late-bound: the app exists only after beforeAll.
const calls = () => sessionCalls(ctx.app);
const login = (email?: string) => calls().login(email);
const refresh = (cookie?: string) => calls().refresh(cookie);
const logout = (headers: Record<string, string>, cookie?: string) =>
  calls().logout(headers, cookie);
const dashboard = (token: string) => calls().dashboard(token);

const without = (claims: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(Object.entries(claims).filter(([name]) => !names.includes(name)));

describe('sign-in', () => {
  it('issues a 15-minute access token with exp and sid, and an HttpOnly strict refresh cookie', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { Email: 'user@demo.test', Password: DEMO_PASSWORD },
    });
    const { token, expires } = signInOf(response);
    const claims = claimsOf(token);
    expect(claims.exp).toBe(expires);
    expect(expires - Date.now() / 1000).toBeGreaterThan(890);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(900);
    expect(claims.sid).toEqual(expect.any(String));
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    // Plain http here; behind https (or a trusted proxy saying so) it is Secure.
    expect(cookie.secure).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a signed token without exp, even of a live session', async () => {
    const { token } = await login();
    const forever = createSigner({ key: TEST_SECRET, algorithm: 'HS256' })(
      without(claimsOf(token), 'exp', 'iat'),
    );
    expect(claimsOf(forever).exp).toBeUndefined();
    expect((await dashboard(forever)).statusCode).toBe(401);
    expect((await dashboard(token)).statusCode).toBe(200);
  });

  it('refuses a signed token without sid (no session to check)', async () => {
    const { token } = await login();
    const sessionless = createSigner({ key: TEST_SECRET, algorithm: 'HS256' })(
      without(claimsOf(token), 'sid'),
    );
    expect((await dashboard(sessionless)).statusCode).toBe(401);
  });
});

describe('the refresh cookie behind https', () => {
  // An app of its own that trusts a proxy at 10.0.0.1 (TRUST_PROXY) to say how it was reached.
  let proxied: App;
  beforeAll(async () => {
    proxied = await buildApp({
      database: ctx.database,
      tokenSecret: TEST_SECRET,
      secretsKey: TEST_SECRETS_KEY,
      trustProxy: ['10.0.0.1'],
    });
  });
  afterAll(() => proxied.close());

  const loginVia = (remoteAddress: string) =>
    proxied.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { Email: 'user@demo.test', Password: DEMO_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress,
    });

  it('is Secure when the trusted proxy says https, and not on the say-so of anyone else', async () => {
    expect(refreshCookieOf(await loginVia('10.0.0.1')).secure).toBe(true);
    expect(refreshCookieOf(await loginVia('10.9.9.9')).secure).toBeUndefined();
  });
});

describe('POST auth/logout', () => {
  it('ends the token it is called with: the very next request is 401, and refresh too', async () => {
    const { token, refresh: cookie } = await login();
    expect((await dashboard(token)).statusCode).toBe(200);
    const response = await logout({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(204);
    // The cookie goes too.
    const cleared = refreshCookieOf(response);
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth');
    expect((await dashboard(token)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the same user alone', async () => {
    const phone = await login();
    const office = await login();
    await logout({ authorization: `Bearer ${phone.token}` });
    expect((await dashboard(phone.token)).statusCode).toBe(401);
    expect((await dashboard(office.token)).statusCode).toBe(200);
  });

  it('ends the session of an expired token too, or of the refresh cookie alone', async () => {
    const expired = await login();
    const stale = createSigner({ key: TEST_SECRET, algorithm: 'HS256' })({
      ...claimsOf(expired.token),
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    expect((await logout({ authorization: `Bearer ${stale}` })).statusCode).toBe(204);
    expect((await refresh(expired.refresh)).statusCode).toBe(401);

    const byCookie = await login();
    expect((await logout({}, byCookie.refresh)).statusCode).toBe(204);
    expect((await dashboard(byCookie.token)).statusCode).toBe(401);
  });

  it('answers 204 with nothing to end, and ends nothing for a forged token', async () => {
    const { token } = await login();
    const forged = createSigner({ key: 'another-secret-another-secret-123', algorithm: 'HS256' })(
      claimsOf(token),
    );
    expect((await logout({})).statusCode).toBe(204);
    expect((await logout({ authorization: `Bearer ${forged}` })).statusCode).toBe(204);
    expect((await logout({ authorization: 'Bearer nonsense' }, 'nonsense')).statusCode).toBe(204);
    expect((await dashboard(token)).statusCode).toBe(200);
  });
});

describe('POST auth/refresh', () => {
  it('answers a new token like sign-in and rotates the cookie', async () => {
    const first = await login('viewer@demo.test');
    const response = await refresh(first.refresh);
    const second = signInOf(response);
    expect(response.json<LoginResponse>().Auth).toMatchObject({
      Email: 'viewer@demo.test',
      Role: 'Viewer',
      Customer: 'Atlas Freight',
    });
    expect(second.refresh).not.toBe(first.refresh);
    expect(claimsOf(second.token).sid).toBe(claimsOf(first.token).sid);
    expect((await dashboard(second.token)).statusCode).toBe(200);
    // The access token it replaced is still good until its own exp (same session).
    expect((await dashboard(first.token)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie, with a malformed one, or with a bearer token alone', async () => {
    const { token } = await login();
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('garbage')).statusCode).toBe(401);
    const bearerOnly = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearerOnly.statusCode).toBe(401);
  });
});
