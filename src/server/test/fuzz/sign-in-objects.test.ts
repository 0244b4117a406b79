import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@server/seed/demo';
import { createTestContext } from '@server/test/harness';
import { fuzzCases, type FuzzCase } from './cases';
import { readIdPool } from './id-pool';
import type { Operation } from './operations';
import { namesSignInObject, signInWatch } from './sign-in-objects';

const customerId = { type: 'string', 'x-id-kind': 'customer' };
const deleteCustomer: Operation = {
  method: 'DELETE',
  path: '/api/customers/{id}',
  pathParams: [{ name: 'id', schema: customerId, required: true }],
  query: [{ name: 'customer', schema: customerId, required: false }],
  headers: [],
  body: {
    type: 'object',
    properties: {
      customerId: { type: 'integer', 'x-id-kind': 'customer' },
      users: { type: 'array', items: { type: 'integer', 'x-id-kind': 'user' } },
    },
  },
  examples: [],
  access: 'customers.delete',
  isPublic: false,
  responses: {},
};
const avoid = new Set(['customer:5', 'user:3']);
const ctx = await createTestContext();
const pool = await readIdPool(ctx.database.db);
afterAll(() => ctx.close());
const fuzzCase = (parts: Partial<FuzzCase>): FuzzCase => ({
  identity: 'admin',
  variant: 'hostile',
  path: { id: '6' },
  rawPath: false,
  query: [],
  headers: {},
  ...parts,
});

describe('namesSignInObject', () => {
  it('finds a sign-in object wherever the server reads an id, as it reads it', () => {
    const names = (parts: Partial<FuzzCase>) =>
      namesSignInObject(deleteCustomer, fuzzCase(parts), avoid);
    expect(names({})).toBe(false);
    // Seed 808957220: hostile text that is just the id of the user account's customer.
    expect(names({ path: { id: '5' } })).toBe(true);
    expect(names({ path: { id: '%35' }, rawPath: true })).toBe(true);
    expect(names({ query: [['customer', '5']] })).toBe(true);
    expect(names({ query: [['other', '5']] })).toBe(false);
    expect(names({ body: { json: { customerId: 5 } } })).toBe(true);
    expect(names({ body: { json: { users: [4, 3] } } })).toBe(true);
    expect(names({ body: { raw: '{"customerId":5}', contentType: 'text/plain' } })).toBe(true);
    // Text the server refuses as an id names nothing; the hostile catalogue keeps it.
    for (const id of ['05', ' 5', '+5', '5.0', '0x5']) expect(names({ path: { id } })).toBe(false);
    expect(names({ body: { json: { customerId: 5.5, users: [4] } } })).toBe(false);
  });

  it('is what every generated case keeps to, whatever its variant', () => {
    const pool = {
      customer: [3, 4, 6],
      user: [5, 6],
      avoid,
    } as unknown as Parameters<typeof fuzzCases>[1];
    const cases = fc.sample(fuzzCases(deleteCustomer, pool), { seed: 808957220, numRuns: 3000 });
    expect(new Set(cases.map((c) => c.variant))).toEqual(new Set(['valid', 'boundary', 'hostile']));
    expect(cases.filter((c) => namesSignInObject(deleteCustomer, c, avoid))).toEqual([]);
  });
});

describe('signInWatch', () => {
  const accountId = async (email: string) => {
    const [row] = await ctx.database.db
      .select({ id: users.id, customerId: users.customerId })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(email);
    return row;
  };
  const call = async (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: await ctx.authHeader('admin@demo.test'),
      ...(payload ? { payload } : {}),
    });
  const signIn = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { Email: email, Password: DEMO_PASSWORD },
    });

  it('avoids the demo accounts and their customers, which the pool leaves out', () => {
    expect(pool.signIn.userIds).toHaveLength(DEMO_ACCOUNTS.length);
    expect([...pool.avoid].sort()).toEqual(
      [
        ...pool.signIn.userIds.map((id) => `user:${id}`),
        ...pool.signIn.customerIds.map((id) => `customer:${id}`),
      ].sort(),
    );
    expect(pool.customer.filter((id) => pool.avoid.has(`customer:${id}`))).toEqual([]);
    expect(pool.user.filter((id) => pool.avoid.has(`user:${id}`))).toEqual([]);
  });

  it('puts back what requests changed, and the accounts sign in again', async () => {
    const watch = await signInWatch(ctx.database.db, pool.signIn);
    expect(await watch.check()).toEqual([]);
    const user = await accountId('user@demo.test');
    const viewer = await accountId('viewer@demo.test');
    const password = { password: 'another-password', passwordConf: 'another-password' };
    const update = await call('PUT', `/api/users/${user.id}`, {
      email: 'user@demo.test',
      ...password,
    });
    expect(update.statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${viewer.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/customers/${user.customerId}`)).statusCode).toBe(200);
    expect((await signIn('user@demo.test')).statusCode).toBe(400);

    expect((await watch.check()).sort()).toEqual([
      `customers ${user.customerId}: deactivatedAt changed`,
      `users ${user.id}: passwordHash changed`,
      `users ${viewer.id} removed`,
    ]);
    expect(await watch.check()).toEqual([]);
    for (const { email } of DEMO_ACCOUNTS)
      expect((await signIn(email)).statusCode, email).toBe(200);
  });
});
