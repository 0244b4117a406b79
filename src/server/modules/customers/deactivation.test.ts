import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Customer } from '@shared/customers/customers';
import { CANT_DELETE_YOURSELF } from '@shared/access/users';
import { customers, devices, users } from '@server/db/schema';
import { ADMIN, customerId, RESELLER, useApiContext, USER, VIEWER } from '@server/test/api';
import {
  addUser,
  adminSnapshot,
  mustSignIn,
  refreshStatus,
  signIn,
  tokenWorks,
} from '@server/test/admin';
import { CUSTOMER_DEACTIVATED, INVALID_LOGIN } from '@server/modules/auth/service';

const api = useApiContext();
const { call } = api;

const countOf = async (table: typeof devices | typeof users, customer: number) => {
  const [row] = await api.ctx.database.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.customerId, customer));
  return row?.n ?? 0;
};

const login = (Email: string, Password = 'demo1234') =>
  api.ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { Email, Password } });

describe('DELETE customers/{id}: deactivation', () => {
  it('takes the customer out of lists and lookups, keeps its devices and users', async () => {
    const vega = await customerId(api.ctx, 'Vega Logistics');
    await addUser(api.ctx, 'driver@vega.example', vega);
    const session = await mustSignIn(api.ctx, 'driver@vega.example');
    const fleet = await countOf(devices, vega);
    const staff = await countOf(users, vega);
    expect(fleet).toBeGreaterThan(0);

    const answer = await call(RESELLER, 'DELETE', `customers/${vega}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<Customer>()).toMatchObject({ Id: vega, Name: 'Vega Logistics' });

    const listed = (await call(RESELLER, 'GET', 'customers/')).json<Customer[]>();
    expect(listed.map((c) => c.Name)).toEqual(['Hansen Transport', 'NordTrack Resellers']);
    for (const path of [`customers/${vega}`, `users/customer/${vega}`])
      expect((await call(ADMIN, 'GET', path)).statusCode, path).toBe(404);
    expect((await call(RESELLER, 'DELETE', `customers/${vega}`)).statusCode).toBe(404);
    expect(await countOf(devices, vega)).toBe(fleet);
    expect(await countOf(users, vega)).toBe(staff);
    const [row] = await api.ctx.database.db
      .select({ at: customers.deactivatedAt })
      .from(customers)
      .where(eq(customers.id, vega));
    expect(row?.at).toBeInstanceOf(Date);

    // Its users' sessions end at once, and they cannot sign in again.
    expect(await tokenWorks(api.ctx, session)).toBe(false);
    expect(await refreshStatus(api.ctx, session)).toBe(401);
    const again = await login('driver@vega.example');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: CUSTOMER_DEACTIVATED });
    // Without the right password nothing tells that the account exists.
    expect((await login('driver@vega.example', 'wrong-password')).json()).toEqual({
      message: INVALID_LOGIN,
    });
  });

  it("nobody deactivates their own customer: 403 'You can't delete yourself!'", async () => {
    const before = await adminSnapshot(api.ctx);
    for (const [email, name] of [
      [RESELLER, 'NordTrack Resellers'],
      [ADMIN, 'Fleet Portal Provider'],
    ] as const) {
      const answer = await call(email, 'DELETE', `customers/${await customerId(api.ctx, name)}`);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: CANT_DELETE_YOURSELF });
    }
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });

  it("another tenant's customer is 404; users and Viewers may not deactivate", async () => {
    const before = await adminSnapshot(api.ctx);
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    expect((await call(RESELLER, 'DELETE', `customers/${atlas}`)).statusCode).toBe(404);
    expect((await call(USER, 'DELETE', `customers/${atlas}`)).statusCode).toBe(403);
    expect((await call(VIEWER, 'DELETE', `customers/${atlas}`)).statusCode).toBe(403);
    expect(await adminSnapshot(api.ctx)).toEqual(before);
  });

  it('an admin deactivates any other customer; the demo users of it are signed out', async () => {
    const blueLine = await customerId(api.ctx, 'Blue Line Buses');
    await addUser(api.ctx, 'planner@blueline.example', blueLine, 'Viewer');
    const session = await mustSignIn(api.ctx, 'planner@blueline.example');
    expect(await tokenWorks(api.ctx, session)).toBe(true);
    expect((await call(ADMIN, 'DELETE', `customers/${blueLine}`)).statusCode).toBe(200);
    expect(await tokenWorks(api.ctx, session)).toBe(false);
    expect(await signIn(api.ctx, 'planner@blueline.example')).toBeNull();
  });
});
