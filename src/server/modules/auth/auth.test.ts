import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, LoginResponse } from '@shared/access/auth';
import { buildApp } from '@server/app';
import { DEMO_PASSWORD } from '@server/seed/demo';
import type { App } from '@server/http/types';
import {
  createTestContext,
  TEST_SECRET,
  TEST_SECRETS_KEY,
  type TestContext,
} from '@server/test/harness';
import { INVALID_LOGIN } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (Email: string, Password = DEMO_PASSWORD, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { Email, Password },
    remoteAddress: ip,
  });

describe('POST auth/login', () => {
  it.each([
    ['admin@demo.test', 'Admin', false, 'Fleet Portal Provider', ['Tacho Download']],
    ['reseller@demo.test', 'User', true, 'NordTrack Resellers', ['Tacho Download']],
    ['user@demo.test', 'User', false, 'Atlas Freight', ['Tacho Download']],
    ['viewer@demo.test', 'Viewer', false, 'Atlas Freight', ['Tacho Download']],
  ])(
    'signs in %s with its role, reseller flag, customer and features',
    async (email, role, reseller, customer, features) => {
      const response = await login(email);
      expect(response.statusCode).toBe(200);
      const body = response.json<LoginResponse>();
      expect(body.AccessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.Auth).toMatchObject({
        Email: email,
        Role: role,
        IsReseller: reseller,
        Customer: customer,
        Features: features,
      });
      expect(body.Auth.Expires).toBeGreaterThan(Date.now() / 1000);
    },
  );

  it('accepts the email in any case and with a trailing slash on the path', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { Email: 'Admin@Demo.Test', Password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password with 400 and a message, never a token', async () => {
    const response = await login('admin@demo.test', 'wrong-password', '10.0.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_LOGIN });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const response = await login('nobody@demo.test', 'whatever', '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_LOGIN });
  });

  it('answers bad input with 400 and an errors object per field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { Email: 'no-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { Email: 'Enter a valid email address', Password: 'Password is required' },
    });
  });
});

describe('bearer tokens', () => {
  const dashboard = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/home/dashboard',
      headers: authorization ? { authorization } : {},
    });

  it('answers 401 without a token', async () => {
    expect((await dashboard()).statusCode).toBe(401);
    expect((await dashboard('Basic abc')).statusCode).toBe(401);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: '1',
        role: 'Admin',
        cid: 1,
        rs: false,
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    ).toString('base64url');
    expect((await dashboard(`Bearer ${header}.${payload}.`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key or algorithm', async () => {
    const claims = { sub: '1', role: 'Admin', cid: 1, rs: false };
    const otherKey = createSigner({ key: 'another-secret-another-secret-123', algorithm: 'HS256' })(
      claims,
    );
    const otherAlg = createSigner({ key: TEST_SECRET, algorithm: 'HS512' })(claims);
    expect((await dashboard(`Bearer ${otherKey}`)).statusCode).toBe(401);
    expect((await dashboard(`Bearer ${otherAlg}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = createSigner({ key: TEST_SECRET, algorithm: 'HS256' })({
      sub: '1',
      role: 'Admin',
      cid: 1,
      rs: false,
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    expect((await dashboard(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it('refuses a signed token that never expires (no exp claim)', async () => {
    const forever = createSigner({ key: TEST_SECRET, algorithm: 'HS256' })({
      sub: '1',
      role: 'Admin',
      cid: 1,
      rs: false,
    });
    expect((await dashboard(`Bearer ${forever}`)).statusCode).toBe(401);
  });

  it('accepts the token it issued', async () => {
    expect(
      (await dashboard((await ctx.authHeader('admin@demo.test')).authorization)).statusCode,
    ).toBe(200);
  });
});

describe('GET auth/account/{id}', () => {
  const account = async (asEmail: string, id: number) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/auth/account/${id}`,
      headers: await ctx.authHeader(asEmail),
    });
  const idOf = async (email: string) => {
    const response = await login(email, DEMO_PASSWORD, '10.9.9.9');
    return response.json<LoginResponse>().Auth.Id;
  };

  it('shows a user its own account', async () => {
    const id = await idOf('user@demo.test');
    const response = await account('user@demo.test', id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Account>()).toMatchObject({
      Id: id,
      Email: 'user@demo.test',
      Customer: 'Atlas Freight',
    });
  });

  it('lets an admin read any account', async () => {
    expect((await account('admin@demo.test', await idOf('reseller@demo.test'))).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another tenant's account, as for a missing one", async () => {
    const resellerId = await idOf('reseller@demo.test');
    expect((await account('user@demo.test', resellerId)).statusCode).toBe(404);
    expect((await account('reseller@demo.test', await idOf('user@demo.test'))).statusCode).toBe(
      404,
    );
    expect((await account('user@demo.test', 999999)).statusCode).toBe(404);
  });

  it('rejects a non-numeric id with 400', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/account/abc',
      headers: await ctx.authHeader('admin@demo.test'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { id: 'Must be a numeric id' } });
  });
});

describe('failed-login throttle', () => {
  // An app of its own on the same database, so blocked accounts do not leak into other tests.
  let throttled: App;
  beforeAll(async () => {
    throttled = await buildApp({
      database: ctx.database,
      tokenSecret: TEST_SECRET,
      secretsKey: TEST_SECRETS_KEY,
    });
  });
  afterAll(() => throttled.close());
  const login = (Email: string, Password = DEMO_PASSWORD, ip = '10.0.0.1') =>
    throttled.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { Email, Password },
      remoteAddress: ip,
    });

  it('throttles failed logins per account and address (429 with Retry-After), not the owner elsewhere', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('user@demo.test', 'bad', '10.1.0.1')).statusCode).toBe(400);
    const blocked = await login('user@demo.test', DEMO_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner at another address, and another account, are not locked out (decision 004).
    expect((await login('user@demo.test', DEMO_PASSWORD, '10.1.0.99')).statusCode).toBe(200);
    expect((await login('viewer@demo.test', DEMO_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('throttles failed logins per address across accounts', async () => {
    for (let i = 0; i < 20; i++) await login(`probe${i}@demo.test`, 'bad', '10.2.0.1');
    expect((await login('admin@demo.test', DEMO_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login('admin@demo.test', DEMO_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });
});
