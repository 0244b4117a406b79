import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_REQUIRED,
  ENDPOINT_NOT_FOUND,
  HTTP_URL_INVALID,
  PROTOCOL_INVALID,
  SHARED_ENDPOINT_ADMINS_ONLY,
  TCP_URL_INVALID,
  URL_REQUIRED,
  endpointInUseMessage,
  type Endpoint,
} from '../../../shared/endpoints';
import { UUID_MESSAGE } from '../../../shared/ids';
import { NAME_REQUIRED, NAME_TOO_LONG, NAME_TOO_SHORT } from '../../../shared/names';
import { DEFAULT_ENDPOINT_ID } from '../../db/seed/device-config';
import { devices, endpoints, logs, settingsProfiles, users } from '../../db/schema';
import { ADMIN, apiCaller, customerId, deviceOf, RESELLER, USER, VIEWER } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
let atlas: number;
let nordtrack: number;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  atlas = await customerId(ctx, 'Atlas Freight');
  nordtrack = await customerId(ctx, 'NordTrack Resellers');
});
afterAll(() => ctx.close());

const send = async <T>(
  email: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => {
  const response = await call(email, method, path, body);
  expect(response.statusCode, `${email} ${method} ${path}: ${response.body}`).toBe(200);
  return response.json<T>();
};
const ok = <T>(email: string, path: string) => send<T>(email, 'GET', path);
const errorsOf = async (
  email: string,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => {
  const response = await call(email, method, path, body);
  expect(response.statusCode, response.body).toBe(400);
  return response.json<{ errors: Record<string, string> }>().errors;
};
const valid = (customer: number) => ({
  CustomerId: customer,
  Name: 'Depot receiver',
  URL: 'https://depot.example.com/in',
  Protocol: 1,
});
const devicesOf = async (customer: number | null) => {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(devices)
    .where(customer === null ? undefined : eq(devices.customerId, customer));
  return row?.n ?? 0;
};
const endpointCount = async () =>
  (await ctx.database.db.select({ n: count() }).from(endpoints))[0]?.n;
const ownEndpoint = async (customer: number) => {
  const [row] = await ctx.database.db
    .select({ id: endpoints.id })
    .from(endpoints)
    .where(eq(endpoints.customerId, customer))
    .limit(1);
  if (!row) throw new Error('no endpoint');
  return row.id;
};

describe('the endpoints list', () => {
  it('gives each caller the shared endpoints and its own, Devices counted in its scope', async () => {
    const mine = await ok<Endpoint[]>(USER, 'endpoints/');
    expect(mine.map((e) => e.Name).sort()).toEqual([
      'Atlas Freight HTTP',
      'Atlas Freight TCP',
      'Fleet Portal ingest',
    ]);
    // Every demo device starts on the shared ingest endpoint (slot 0).
    const ingest = (list: Endpoint[]) => list.find((e) => e.Id === DEFAULT_ENDPOINT_ID);
    expect(ingest(mine)).toMatchObject({ CustomerId: null, Customer: null });
    expect(ingest(mine)?.Devices).toBe(await devicesOf(atlas));
    expect(ingest(await ok<Endpoint[]>(ADMIN, 'endpoints/'))?.Devices).toBe(await devicesOf(null));
    expect(await ok<number>(USER, 'endpoints/all/')).toBe(3);
    expect(await ok<number>(VIEWER, 'endpoints/all/')).toBe(3);
    expect(await ok<number>(RESELLER, 'endpoints/all/')).toBe(7);
  });

  it('searches Name and URL, within a customer and the shared ones', async () => {
    const tcp = await ok<Endpoint[]>(RESELLER, 'endpoints/search/URL/tcp%3A');
    expect(tcp.length).toBe(3);
    expect(tcp.every((e) => e.Protocol === 3 && e.URL.startsWith('tcp://'))).toBe(true);
    const ofNordtrack = await ok<Endpoint[]>(ADMIN, `endpoints/customer/${nordtrack}`);
    expect(ofNordtrack.map((e) => e.CustomerId ?? 0).sort()).toEqual([0, nordtrack, nordtrack]);
    expect(await ok<Endpoint[]>(ADMIN, `endpoints/search/Name/ingest/${atlas}`)).toHaveLength(1);
    expect((await call(USER, 'GET', `endpoints/customer/${nordtrack}`)).statusCode).toBe(404);
    expect((await call(USER, 'GET', 'endpoints/search/Protocol/http')).statusCode).toBe(400);
  });

  it('pages by uuid: 100 per page, continued after the last id, any case', async () => {
    await ctx.database.db.insert(endpoints).values(
      Array.from({ length: 120 }, (_, i) => ({
        customerId: atlas,
        name: `Paged ${i}`,
        url: `https://paged${i}.example.com`,
        protocol: 1,
      })),
    );
    try {
      const first = await ok<Endpoint[]>(USER, 'endpoints/chunk/');
      expect(first).toHaveLength(100);
      const ids = first.map((e) => e.Id);
      expect([...ids].sort()).toEqual(ids);
      const last = ids.at(-1) ?? '';
      const next = await ok<Endpoint[]>(USER, `endpoints/chunk/${last.toUpperCase()}`);
      expect(next).toHaveLength(23);
      expect(next.every((e) => e.Id > last)).toBe(true);
      const ofAtlas = await ok<Endpoint[]>(USER, `endpoints/customer/${atlas}?after=${last}`);
      expect(ofAtlas.map((e) => e.Id)).toEqual(next.map((e) => e.Id));
      for (const bad of ['123', 'not-a-uuid', `${last}0`, `{${last}}`]) {
        const response = await call(USER, 'GET', `endpoints/chunk/${encodeURIComponent(bad)}`);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
          lastId: UUID_MESSAGE,
        });
      }
    } finally {
      await ctx.database.db.delete(endpoints).where(eq(endpoints.customerId, atlas));
      await ctx.database.db.insert(endpoints).values([
        {
          customerId: atlas,
          name: 'Atlas Freight HTTP',
          url: 'https://atlas.example',
          protocol: 1,
        },
        {
          customerId: atlas,
          name: 'Atlas Freight TCP',
          url: 'tcp://198.51.100.9:5001',
          protocol: 3,
        },
      ]);
    }
  });
});

describe('GET endpoints/{id}', () => {
  it("answers the caller's and shared endpoints; another tenant's and a missing one are 404", async () => {
    const own = await ownEndpoint(atlas);
    expect((await ok<Endpoint>(VIEWER, `endpoints/${own.toUpperCase()}`)).Id).toBe(own);
    expect((await ok<Endpoint>(USER, `endpoints/${DEFAULT_ENDPOINT_ID}`)).Name).toBe(
      'Fleet Portal ingest',
    );
    for (const path of [`endpoints/${own}`, 'endpoints/ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      const response = await call(RESELLER, 'GET', path);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(ENDPOINT_NOT_FOUND);
    }
    const bad = await call(USER, 'GET', 'endpoints/12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toEqual({ id: UUID_MESSAGE });
  });
});

describe('POST endpoints/', () => {
  it('creates an endpoint for a customer in scope and logs who did', async () => {
    const created = await send<Endpoint>(USER, 'POST', 'endpoints/', {
      ...valid(atlas),
      Name: '  Depot receiver  ',
      URL: 'tcp://depot.example.com:5002',
      Protocol: 3,
    });
    expect(created).toMatchObject({
      CustomerId: atlas,
      Customer: 'Atlas Freight',
      Name: 'Depot receiver',
      URL: 'tcp://depot.example.com:5002',
      Protocol: 3,
      Devices: 0,
    });
    expect(created.Id).toMatch(/^[\da-f-]{36}$/);
    const [entry] = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.message, `Endpoint 'Depot receiver' created by user ${await userId(USER)}`));
    expect(entry?.customerId).toBe(atlas);
  });

  it('answers every rule of spec 02 §5 on its field', async () => {
    const before = await endpointCount();
    expect(await errorsOf(USER, 'POST', 'endpoints/', {})).toEqual({
      CustomerId: CUSTOMER_REQUIRED,
      Name: NAME_REQUIRED,
      URL: URL_REQUIRED,
      Protocol: PROTOCOL_INVALID,
    });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ CustomerId: null }, { CustomerId: CUSTOMER_REQUIRED }],
      [{ Name: 'ab ' }, { Name: NAME_TOO_SHORT }],
      [{ Name: 'x'.repeat(51) }, { Name: NAME_TOO_LONG }],
      [{ URL: '  ' }, { URL: URL_REQUIRED }],
      [{ URL: 'ftp://depot.example.com' }, { URL: HTTP_URL_INVALID }],
      [{ URL: 'depot.example.com' }, { URL: HTTP_URL_INVALID }],
      [{ Protocol: 3 }, { URL: TCP_URL_INVALID }],
      [{ Protocol: 3, URL: 'tcp://depot.example.com:65536' }, { URL: TCP_URL_INVALID }],
      [{ Protocol: 3, URL: 'tcp://depot.example.com' }, { URL: TCP_URL_INVALID }],
      [{ Protocol: 2 }, { Protocol: PROTOCOL_INVALID }],
    ];
    for (const [change, errors] of cases)
      expect(await errorsOf(USER, 'POST', 'endpoints/', { ...valid(atlas), ...change })).toEqual(
        errors,
      );
    expect(await endpointCount()).toBe(before);
  });

  it("refuses another tenant's customer (404), Viewers and resellers (403)", async () => {
    const before = await endpointCount();
    expect((await call(USER, 'POST', 'endpoints/', valid(nordtrack))).statusCode).toBe(404);
    expect((await call(VIEWER, 'POST', 'endpoints/', valid(atlas))).statusCode).toBe(403);
    expect((await call(RESELLER, 'POST', 'endpoints/', valid(nordtrack))).statusCode).toBe(403);
    expect(await endpointCount()).toBe(before);
  });
});

describe('PUT endpoints/{id}', () => {
  it("updates the caller's endpoint; another tenant's is 404, a Viewer's write 403", async () => {
    const id = await ownEndpoint(atlas);
    const body = { ...valid(atlas), Name: 'Atlas renamed' };
    expect(await send<Endpoint>(USER, 'PUT', `endpoints/${id}`, body)).toMatchObject({
      Id: id,
      Name: 'Atlas renamed',
    });
    expect((await call(ADMIN, 'PUT', `endpoints/${id}`, body)).statusCode).toBe(200);
    const foreign = await ownEndpoint(nordtrack);
    expect((await call(USER, 'PUT', `endpoints/${foreign}`, body)).statusCode).toBe(404);
    expect((await call(VIEWER, 'PUT', `endpoints/${id}`, body)).statusCode).toBe(403);
    expect(await errorsOf(USER, 'PUT', `endpoints/${id}`, { ...body, CustomerId: null })).toEqual({
      CustomerId: CUSTOMER_REQUIRED,
    });
  });

  it('lets only admins change a shared endpoint, which may stay shared', async () => {
    const body = {
      ...valid(atlas),
      CustomerId: null,
      Name: 'Fleet Portal ingest',
      URL: 'https://ingest.example.com',
    };
    const refused = await call(USER, 'PUT', `endpoints/${DEFAULT_ENDPOINT_ID}`, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(SHARED_ENDPOINT_ADMINS_ONLY);
    const updated = await send<Endpoint>(ADMIN, 'PUT', `endpoints/${DEFAULT_ENDPOINT_ID}`, body);
    expect(updated).toMatchObject({ CustomerId: null, URL: 'https://ingest.example.com' });
  });
});

describe('DELETE endpoints/{id}', () => {
  it('refuses an endpoint in use with the counts and removes nothing', async () => {
    const allDevices = await devicesOf(null);
    const profiles =
      (await ctx.database.db.select({ n: count() }).from(settingsProfiles))[0]?.n ?? 0;
    expect(await errorsOf(ADMIN, 'DELETE', `endpoints/${DEFAULT_ENDPOINT_ID}`)).toEqual({
      Id: endpointInUseMessage(allDevices, profiles),
    });

    // A pending endpoint1ID on one device makes a customer's endpoint used.
    const id = await ownEndpoint(atlas);
    const device = await deviceOf(ctx, 'Atlas Freight');
    await send(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'endpoint1ID', Value: id.toUpperCase() }],
    });
    expect((await ok<Endpoint>(USER, `endpoints/${id}`)).Devices).toBe(1);
    expect(await errorsOf(USER, 'DELETE', `endpoints/${id}`)).toEqual({
      Id: 'This endpoint is used by 1 device and 0 settings profiles',
    });
    expect((await call(USER, 'GET', `endpoints/${id}`)).statusCode).toBe(200);
  });

  it('removes an unused endpoint, answers it and logs it', async () => {
    const created = await send<Endpoint>(USER, 'POST', 'endpoints/', {
      ...valid(atlas),
      Name: 'To remove',
    });
    expect((await call(VIEWER, 'DELETE', `endpoints/${created.Id}`)).statusCode).toBe(403);
    expect((await call(RESELLER, 'DELETE', `endpoints/${created.Id}`)).statusCode).toBe(403);
    expect(await send<Endpoint>(USER, 'DELETE', `endpoints/${created.Id}`)).toEqual(created);
    expect((await call(USER, 'GET', `endpoints/${created.Id}`)).statusCode).toBe(404);
    expect((await call(USER, 'DELETE', `endpoints/${created.Id}`)).statusCode).toBe(404);
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(
        and(
          eq(logs.message, `Endpoint 'To remove' removed by user ${await userId(USER)}`),
          isNotNull(logs.customerId),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it("answers 404 for another tenant's endpoint and 403 for a user on a shared one", async () => {
    const foreign = await ownEndpoint(nordtrack);
    expect((await call(USER, 'DELETE', `endpoints/${foreign}`)).statusCode).toBe(404);
    expect((await call(USER, 'DELETE', `endpoints/${DEFAULT_ENDPOINT_ID}`)).statusCode).toBe(403);
    const [shared] = await ctx.database.db
      .select()
      .from(endpoints)
      .where(isNull(endpoints.customerId));
    expect(shared).toBeDefined();
  });
});

async function userId(email: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
