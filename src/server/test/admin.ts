// Set-up the admin API tests share (customers, users, roles, features).
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { LoginResponse } from '@shared/access/auth';
import { newCustomerValues, type Customer } from '@shared/customers/customers';
import { selectRows } from '@server/db/client';
import { features, roles, users } from '@server/db/schema';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { REFRESH_COOKIE } from '@server/modules/auth/routes';
import type { TestContext } from './harness';

/**
 * Every row the admin calls write, as hashes: equal before and after a refused call proves it
 * wrote nothing (not even half of its transaction).
 */
export async function adminSnapshot(ctx: TestContext) {
  const [row] = await selectRows<Record<string, string>>(
    ctx.database.db,
    sql`select
      (select md5(string_agg(concat_ws('|', id, name, country, email, is_reseller, reseller_id,
        start, rtd_interval, rtd_integration, rtd_integration_id, rtd_int_cust_id,
        deactivated_at), ',' order by id)) from customers) as customers,
      (select md5(string_agg(concat_ws('|', customer_id, feature_id), ','
        order by customer_id, feature_id)) from customer_features) as customer_features,
      (select md5(string_agg(concat_ws('|', id, email, password_hash, role_id, customer_id), ','
        order by id)) from users) as users,
      (select md5(string_agg(concat_ws('|', id, name), ',' order by id)) from roles) as roles,
      (select md5(string_agg(concat_ws('|', id, name), ',' order by id)) from features)
        as features,
      (select count(*) from sessions where revoked_at is not null) as revoked_sessions`,
  );
  return row;
}

export interface Session {
  token: string;
  cookie: string;
  id: number;
  customerId: number;
  body: LoginResponse;
}

/** A fresh sign-in (not the harness's cached token): null when it is refused. */
export async function signIn(
  ctx: TestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Session | null> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { Email: email, Password: password },
  });
  if (response.statusCode !== 200) return null;
  const body = response.json<LoginResponse>();
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
  return {
    token: body.AccessToken,
    cookie,
    id: body.Auth.Id,
    customerId: body.Auth.CustomerId,
    body,
  };
}

/** `signIn` that must succeed. */
export async function mustSignIn(ctx: TestContext, email: string, password?: string) {
  const session = await signIn(ctx, email, password);
  if (!session) throw new Error(`sign-in of ${email} refused`);
  return session;
}

/** `call` with a session's own token: `/api/{path}`. */
export function callWith(ctx: TestContext, session: Pick<Session, 'token'>) {
  return (method: InjectOptions['method'], path: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${session.token}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

/** Whether a token still opens the API (a read every role may make). */
export async function tokenWorks(ctx: TestContext, session: Pick<Session, 'token'>) {
  return (await callWith(ctx, session)('GET', 'home/dashboard')).statusCode === 200;
}

export async function refreshStatus(ctx: TestContext, session: Pick<Session, 'cookie'>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { [REFRESH_COOKIE]: session.cookie },
  });
  return response.statusCode;
}

export async function roleId(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

export async function featureId(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(features).where(eq(features.name, name));
  if (!row) throw new Error(`no feature ${name}`);
  return row.id;
}

export async function userId(ctx: TestContext, email: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * A user of its own with the demo password, so a test may delete,
 * re-key or deactivate it without touching the demo logins.
 */
export async function addUser(
  ctx: TestContext,
  email: string,
  customerId: number,
  role = 'User',
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email,
      passwordHash: sql`(select password_hash from users where email = 'user@demo.test')`,
      roleId: await roleId(ctx, role),
      customerId,
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`could not add ${email}`);
  return row.id;
}

/** A create body as the Add Customer form sends it (its first values, a name, a country). */
export const newCustomerBody = (name: string, extra: object = {}) => ({
  ...newCustomerValues('2025-02-01'),
  name,
  country: 'DE',
  ...extra,
});

/** An update body from a listed customer, as the Update Customer form sends it back. */
export const updateBodyOf = (c: Customer, extra: object = {}) => ({
  name: c.Name,
  country: c.Country,
  isReseller: c.IsReseller,
  resellerId: c.Reseller,
  features: c.FeatureIds,
  RTDInterval: c.RTDInterval,
  RTDIntegration: c.RTDIntegration,
  RTDIntegrationId: c.RTDIntegrationId ?? 0,
  RTDIntCustId: c.RTDIntCustId ?? '',
  Email: c.Email ?? '',
  ...extra,
});

/** The JSON of an answer that must be 200 (its body in the failure message otherwise). */
export async function okJson<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}
