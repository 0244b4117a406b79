import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_MESSAGE, type ModemRequest } from '@shared/devices/devices';
import { devices, modemRequests } from '@server/db/schema';
import { apiCaller, deviceOf, USER, VIEWER, writeSnapshot } from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { EXECUTED_REQUEST } from './service';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

describe('devices/modemrequests', () => {
  it('creates (CommandType 20, Executed empty), lists newest first, updates and deletes', async () => {
    const device = await deviceOf(ctx, 'Atlas Freight', 1);
    const created = await call(USER, 'POST', `devices/modemrequests/${device.imei}`, {
      Command: '$REQUEST,RT FF',
      CommandType: 20,
    });
    expect(created.statusCode).toBe(200);
    const request = created.json<ModemRequest>();
    expect(request).toMatchObject({
      IMEI: device.imei,
      Command: '$REQUEST,RT FF',
      CommandType: 20,
      Executed: null,
    });
    const second = (
      await call(USER, 'POST', `devices/modemrequests/${device.imei}`, {
        Command: `RESET ${device.imei} 0 FF`,
      })
    ).json<ModemRequest>();
    expect(second.CommandType).toBe(20);
    const list = (await call(VIEWER, 'GET', `devices/modemrequests/${device.imei}`)).json<
      ModemRequest[]
    >();
    expect(list.slice(0, 2).map((r) => r.Id)).toEqual([second.Id, request.Id]);

    const updated = await call(USER, 'PUT', `devices/modemrequests/${device.imei}`, {
      Id: request.Id,
      IMEI: device.imei,
      Command: '$REQUEST,TD FF',
      CommandType: 20,
    });
    expect(updated.json<ModemRequest>().Command).toBe('$REQUEST,TD FF');
    const removed = await call(USER, 'DELETE', `devices/modemrequests/${request.Id}`);
    expect(removed.json<ModemRequest>().Id).toBe(request.Id);
    const after = (await call(USER, 'GET', `devices/modemrequests/${device.imei}`)).json<
      ModemRequest[]
    >();
    expect(after.map((r) => r.Id)).not.toContain(request.Id);
  });

  it('refuses short commands, other command types and executed requests with 400, writing nothing', async () => {
    const device = await deviceOf(ctx, 'Atlas Freight', 2);
    const [executed] = await ctx.database.db
      .select({ id: modemRequests.id, imei: devices.imei })
      .from(modemRequests)
      .innerJoin(devices, eq(devices.id, modemRequests.deviceId))
      .where(
        and(isNotNull(modemRequests.executed), eq(devices.customerId, device.customerId ?? 0)),
      );
    expect(executed).toBeDefined();
    const before = await writeSnapshot(ctx);
    const short = await call(USER, 'POST', `devices/modemrequests/${device.imei}`, {
      Command: ' ab ',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ errors: { Command: COMMAND_MESSAGE } });
    const type = await call(USER, 'POST', `devices/modemrequests/${device.imei}`, {
      Command: 'abc',
      CommandType: 7,
    });
    expect(type.json()).toEqual({ errors: { CommandType: 'CommandType must be 20' } });
    const edit = await call(USER, 'PUT', `devices/modemrequests/${executed?.imei ?? ''}`, {
      Id: executed?.id,
      Command: '$REQUEST,DD FF',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ errors: { Executed: EXECUTED_REQUEST } });
    expect(await writeSnapshot(ctx)).toEqual(before);
  });

  it('refuses viewers (403) and requests or devices of other tenants (404)', async () => {
    const mine = await deviceOf(ctx, 'Atlas Freight', 3);
    const foreign = await deviceOf(ctx, 'Hansen Transport', 3);
    const [foreignRequest] = await ctx.database.db
      .select({ id: modemRequests.id })
      .from(modemRequests)
      .innerJoin(devices, eq(devices.id, modemRequests.deviceId))
      .where(eq(devices.customerId, foreign.customerId ?? 0));
    const before = await writeSnapshot(ctx);
    expect(
      (await call(VIEWER, 'POST', `devices/modemrequests/${mine.imei}`, { Command: 'abc' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(USER, 'POST', `devices/modemrequests/${foreign.imei}`, { Command: 'abc' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(USER, 'DELETE', `devices/modemrequests/${foreignRequest?.id ?? 0}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(USER, 'PUT', `devices/modemrequests/${mine.imei}`, {
          Id: foreignRequest?.id,
          Command: 'abc',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(VIEWER, 'DELETE', `devices/modemrequests/${foreignRequest?.id ?? 0}`)).statusCode,
    ).toBe(403);
    expect(await writeSnapshot(ctx)).toEqual(before);
  });
});
