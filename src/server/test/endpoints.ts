import { count, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { devices, endpoints, users } from '@server/db/schema';
import { customerId, useApiContext } from './api';

/**
 * The endpoints tests' context: a test context per file, two customers (Atlas Freight, a
 * customer; NordTrack Resellers, a reseller) and the calls and counts their tests share.
 */
export function useEndpointsApi() {
  const api = useApiContext();
  const customers = { atlas: 0, nordtrack: 0 };
  beforeAll(async () => {
    customers.atlas = await customerId(api.ctx, 'Atlas Freight');
    customers.nordtrack = await customerId(api.ctx, 'NordTrack Resellers');
  });
  const db = () => api.ctx.database.db;

  const send = async <T>(
    email: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) => {
    const response = await api.call(email, method, path, body);
    expect(response.statusCode, `${email} ${method} ${path}: ${response.body}`).toBe(200);
    return response.json<T>();
  };

  return {
    api,
    customers,
    send,
    ok: <T>(email: string, path: string) => send<T>(email, 'GET', path),
    errorsOf: async (
      email: string,
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body?: unknown,
    ) => {
      const response = await api.call(email, method, path, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ errors: Record<string, string> }>().errors;
    },
    valid: (customer: number) => ({
      CustomerId: customer,
      Name: 'Depot receiver',
      URL: 'https://depot.example.com/in',
      Protocol: 1,
    }),
    devicesOf: async (customer: number | null) => {
      const [row] = await db()
        .select({ n: count() })
        .from(devices)
        .where(customer === null ? undefined : eq(devices.customerId, customer));
      return row?.n ?? 0;
    },
    endpointCount: async () => (await db().select({ n: count() }).from(endpoints))[0]?.n,
    ownEndpoint: async (customer: number) => {
      const [row] = await db()
        .select({ id: endpoints.id })
        .from(endpoints)
        .where(eq(endpoints.customerId, customer))
        .limit(1);
      if (!row) throw new Error('no endpoint');
      return row.id;
    },
    userId: async (email: string): Promise<number> => {
      const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!row) throw new Error(`no user ${email}`);
      return row.id;
    },
  };
}
