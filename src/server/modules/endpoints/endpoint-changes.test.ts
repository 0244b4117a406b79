import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_REQUIRED,
  HTTP_URL_INVALID,
  PROTOCOL_INVALID,
  SHARED_ENDPOINT_ADMINS_ONLY,
  TCP_URL_INVALID,
  URL_REQUIRED,
  endpointInUseMessage,
  type Endpoint,
} from '@shared/forwards/endpoints';
import { NAME_REQUIRED, NAME_TOO_LONG, NAME_TOO_SHORT } from '@shared/access/names';
import { DEFAULT_ENDPOINT_ID } from '@server/seed/device-config';
import { endpoints, logs, settingsProfiles } from '@server/db/schema';
import { ADMIN, deviceOf, RESELLER, USER, VIEWER } from '@server/test/api';
import { useEndpointsApi } from '@server/test/endpoints';

const { api, customers, send, ok, errorsOf, valid, devicesOf, endpointCount, ownEndpoint, userId } =
  useEndpointsApi();

describe('POST endpoints/', () => {
  it('creates an endpoint for a customer in scope and logs who did', async () => {
    const created = await send<Endpoint>(USER, 'POST', 'endpoints/', {
      ...valid(customers.atlas),
      Name: '  Depot receiver  ',
      URL: 'tcp://depot.example.com:5002',
      Protocol: 3,
    });
    expect(created).toMatchObject({
      CustomerId: customers.atlas,
      Customer: 'Atlas Freight',
      Name: 'Depot receiver',
      URL: 'tcp://depot.example.com:5002',
      Protocol: 3,
      Devices: 0,
    });
    expect(created.Id).toMatch(/^[\da-f-]{36}$/);
    const [entry] = await api.ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.message, `Endpoint 'Depot receiver' created by user ${await userId(USER)}`));
    expect(entry?.customerId).toBe(customers.atlas);
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
      expect(
        await errorsOf(USER, 'POST', 'endpoints/', { ...valid(customers.atlas), ...change }),
      ).toEqual(errors);
    expect(await endpointCount()).toBe(before);
  });

  it("refuses another tenant's customer (404), Viewers and resellers (403)", async () => {
    const before = await endpointCount();
    expect(
      (await api.call(USER, 'POST', 'endpoints/', valid(customers.nordtrack))).statusCode,
    ).toBe(404);
    expect((await api.call(VIEWER, 'POST', 'endpoints/', valid(customers.atlas))).statusCode).toBe(
      403,
    );
    expect(
      (await api.call(RESELLER, 'POST', 'endpoints/', valid(customers.nordtrack))).statusCode,
    ).toBe(403);
    expect(await endpointCount()).toBe(before);
  });
});

describe('PUT endpoints/{id}', () => {
  it("updates the caller's endpoint; another tenant's is 404, a Viewer's write 403", async () => {
    const id = await ownEndpoint(customers.atlas);
    const body = { ...valid(customers.atlas), Name: 'Atlas renamed' };
    expect(await send<Endpoint>(USER, 'PUT', `endpoints/${id}`, body)).toMatchObject({
      Id: id,
      Name: 'Atlas renamed',
    });
    expect((await api.call(ADMIN, 'PUT', `endpoints/${id}`, body)).statusCode).toBe(200);
    const foreign = await ownEndpoint(customers.nordtrack);
    expect((await api.call(USER, 'PUT', `endpoints/${foreign}`, body)).statusCode).toBe(404);
    expect((await api.call(VIEWER, 'PUT', `endpoints/${id}`, body)).statusCode).toBe(403);
    expect(await errorsOf(USER, 'PUT', `endpoints/${id}`, { ...body, CustomerId: null })).toEqual({
      CustomerId: CUSTOMER_REQUIRED,
    });
  });

  it('lets only admins change a shared endpoint, which may stay shared', async () => {
    const body = {
      ...valid(customers.atlas),
      CustomerId: null,
      Name: 'Fleet Portal ingest',
      URL: 'https://ingest.example.com',
    };
    const refused = await api.call(USER, 'PUT', `endpoints/${DEFAULT_ENDPOINT_ID}`, body);
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
      (await api.ctx.database.db.select({ n: count() }).from(settingsProfiles))[0]?.n ?? 0;
    expect(await errorsOf(ADMIN, 'DELETE', `endpoints/${DEFAULT_ENDPOINT_ID}`)).toEqual({
      Id: endpointInUseMessage(allDevices, profiles),
    });

    // A pending endpoint1ID on one device makes a customer's endpoint used.
    const id = await ownEndpoint(customers.atlas);
    const device = await deviceOf(api.ctx, 'Atlas Freight');
    await send(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'endpoint1ID', Value: id.toUpperCase() }],
    });
    expect((await ok<Endpoint>(USER, `endpoints/${id}`)).Devices).toBe(1);
    expect(await errorsOf(USER, 'DELETE', `endpoints/${id}`)).toEqual({
      Id: 'This endpoint is used by 1 device and 0 settings profiles',
    });
    expect((await api.call(USER, 'GET', `endpoints/${id}`)).statusCode).toBe(200);
  });

  it('removes an unused endpoint, answers it and logs it', async () => {
    const created = await send<Endpoint>(USER, 'POST', 'endpoints/', {
      ...valid(customers.atlas),
      Name: 'To remove',
    });
    expect((await api.call(VIEWER, 'DELETE', `endpoints/${created.Id}`)).statusCode).toBe(403);
    expect((await api.call(RESELLER, 'DELETE', `endpoints/${created.Id}`)).statusCode).toBe(403);
    expect(await send<Endpoint>(USER, 'DELETE', `endpoints/${created.Id}`)).toEqual(created);
    expect((await api.call(USER, 'GET', `endpoints/${created.Id}`)).statusCode).toBe(404);
    expect((await api.call(USER, 'DELETE', `endpoints/${created.Id}`)).statusCode).toBe(404);
    const entries = await api.ctx.database.db
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
    const foreign = await ownEndpoint(customers.nordtrack);
    expect((await api.call(USER, 'DELETE', `endpoints/${foreign}`)).statusCode).toBe(404);
    expect((await api.call(USER, 'DELETE', `endpoints/${DEFAULT_ENDPOINT_ID}`)).statusCode).toBe(
      403,
    );
    const [shared] = await api.ctx.database.db
      .select()
      .from(endpoints)
      .where(isNull(endpoints.customerId));
    expect(shared).toBeDefined();
  });
});
