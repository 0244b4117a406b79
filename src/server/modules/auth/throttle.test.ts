import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginThrottle, LOGIN_LIMITS } from '@server/auth/login-throttle';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { createTestContext, type TestContext } from '@server/test/harness';
import { INVALID_LOGIN } from './service';

interface Attempt {
  email: string;
  password?: string;
  /** The TCP peer: a client, or the proxy in front of it. */
  peer: string;
  forwardedFor?: string;
}

const signIn = (
  ctx: TestContext,
  { email, password = DEMO_PASSWORD, peer, forwardedFor }: Attempt,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { Email: email, Password: password },
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('sign-in throttle without a trusted proxy (the default)', () => {
  let ctx: TestContext;
  let now = Date.now();
  beforeAll(async () => {
    ctx = await createTestContext({ loginThrottle: createLoginThrottle(LOGIN_LIMITS, () => now) });
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For: rotating it does not dodge the per-address limit', async () => {
    for (let i = 0; i < 20; i++) {
      const probe = { email: `probe${i}@demo.test`, password: 'guess', peer: '192.0.2.10' };
      const response = await signIn(ctx, { ...probe, forwardedFor: `203.0.113.${i}` });
      expect(response.json()).toEqual({ message: INVALID_LOGIN });
    }
    const blocked = await signIn(ctx, {
      email: 'admin@demo.test',
      peer: '192.0.2.10',
      forwardedFor: '203.0.113.99',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect(blocked.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-in attempts. Try again in \d+ minute/,
    );
  });

  it('never lets an attacker’s failures from one address stop the owner at another', async () => {
    const attack = { email: 'user@demo.test', password: 'guess', peer: '192.0.2.20' };
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await signIn(ctx, attack)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    const owner = await signIn(ctx, { email: 'user@demo.test', peer: '198.51.100.20' });
    expect(owner.statusCode).toBe(200);
  });

  it('slows unfamiliar addresses by seconds during an attack, and never a familiar one', async () => {
    const email = 'reseller@demo.test';
    expect((await signIn(ctx, { email, peer: '198.51.100.30' })).statusCode).toBe(200);
    // Ten attacking addresses, three guesses each.
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 10; i++)
        await signIn(ctx, { email, password: 'x', peer: `192.0.2.${40 + i}` });

    expect((await signIn(ctx, { email, peer: '198.51.100.30' })).statusCode).toBe(200);
    const slowed = await signIn(ctx, { email, peer: '198.51.100.31' });
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    // At most 8 s per attacking address holding a turn, plus the turn under way.
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(11 * 8);
    expect(slowed.json()).toEqual({
      message: `Too many failed sign-in attempts. Try again in ${wait} second(s).`,
    });
    now += wait * 1000;
    expect((await signIn(ctx, { email, peer: '198.51.100.31' })).statusCode).toBe(200);
  });
});

describe('sign-in throttle behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => ctx.close());

  it('counts per forwarded client address', async () => {
    for (let i = 0; i < 20; i++) {
      const probe = { email: `probe${i}@demo.test`, password: 'guess', peer: '127.0.0.1' };
      await signIn(ctx, { ...probe, forwardedFor: '203.0.113.50' });
    }
    const fromAttacker = { email: 'admin@demo.test', peer: '127.0.0.1' };
    expect((await signIn(ctx, { ...fromAttacker, forwardedFor: '203.0.113.50' })).statusCode).toBe(
      429,
    );
    expect((await signIn(ctx, { ...fromAttacker, forwardedFor: '203.0.113.51' })).statusCode).toBe(
      200,
    );
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
    for (let i = 0; i < 20; i++) {
      const probe = { email: `probe${i}@demo.test`, password: 'guess', peer: '192.0.2.60' };
      await signIn(ctx, { ...probe, forwardedFor: `203.0.113.${100 + i}` });
    }
    const next = { email: 'admin@demo.test', peer: '192.0.2.60', forwardedFor: '203.0.113.200' };
    expect((await signIn(ctx, next)).statusCode).toBe(429);
  });
});
