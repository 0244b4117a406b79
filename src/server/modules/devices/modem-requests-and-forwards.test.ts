import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_MESSAGE, type ModemRequest } from '../../../shared/devices';
import type { DeviceForward, Forward } from '../../../shared/forwards';
import { devices, modemRequests } from '../../db/schema';
import { ADMIN, apiCaller, deviceOf, RESELLER, USER, VIEWER, writeSnapshot } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { EXECUTED_REQUEST } from './modem-requests';
import { FORWARD_OF_OTHER_CUSTOMER, forwardLacksType } from './forwards';

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

describe('devices/forwards', () => {
  const slotsOf = async (imei: string, email = USER) =>
    (await call(email, 'GET', `devices/forwards/${imei}`)).json<DeviceForward[]>();
  const forwardsOf = async (email: string) =>
    (await call(email, 'GET', 'forwards/')).json<Forward[]>();

  it("always answers the four slots TD, RT, TC, TL, 'non' when unassigned", async () => {
    const device = await deviceOf(ctx, 'Atlas Freight', 4);
    const slots = await slotsOf(device.imei);
    expect(slots.map((s) => s.MessageType)).toEqual(['TD', 'RT', 'TC', 'TL']);
    for (const slot of slots.filter((s) => s.Id === 0)) expect(slot.Protocol).toBe('non');
  });

  it("creates from 'non', updates, and deletes back to 'non'", async () => {
    const device = await deviceOf(ctx, 'Atlas Freight', 5);
    const own = (await forwardsOf(USER)).filter((f) => f.CustomerId === device.customerId);
    const type = own[0]?.MessageTypes[0]?.MessageType as DeviceForward['MessageType'];
    const carriers = own.filter((f) => f.MessageTypes.some((t) => t.MessageType === type));
    await call(
      USER,
      'DELETE',
      `devices/forwards/${(await slotsOf(device.imei)).find((s) => s.MessageType === type)?.Id ?? 0}`,
    );
    const created = await call(USER, 'POST', 'devices/forwards/', {
      IMEI: device.imei,
      MessageType: type,
      ForwardId: carriers[0]?.Id,
    });
    expect(created.statusCode).toBe(200);
    const slot = created.json<DeviceForward>();
    expect(slot).toMatchObject({
      MessageType: type,
      ForwardId: carriers[0]?.Id,
      Name: carriers[0]?.Name,
    });
    expect(slot.Protocol).not.toBe('non');
    const updated = await call(USER, 'PUT', 'devices/forwards', {
      IMEI: device.imei,
      MessageType: type,
      ForwardId: carriers.at(-1)?.Id,
    });
    expect(updated.json<DeviceForward>()).toMatchObject({
      Id: slot.Id,
      ForwardId: carriers.at(-1)?.Id,
    });
    const removed = await call(USER, 'DELETE', `devices/forwards/${slot.Id}`);
    expect(removed.json<DeviceForward>()).toMatchObject({
      Id: 0,
      Protocol: 'non',
      ForwardId: null,
    });
    expect((await slotsOf(device.imei)).find((s) => s.MessageType === type)?.Protocol).toBe('non');
  });

  it('refuses a forward of another customer or of another message type (400)', async () => {
    const device = await deviceOf(ctx, 'Hansen Transport', 6);
    const visible = await forwardsOf(RESELLER);
    const other = visible.find((f) => f.CustomerId !== device.customerId);
    const own = visible.find((f) => f.CustomerId === device.customerId);
    const missingType = ['TD', 'RT', 'TC', 'TL'].find(
      (t) => !own?.MessageTypes.some((m) => m.MessageType === t),
    );
    const before = await writeSnapshot(ctx);
    const foreign = await call(RESELLER, 'POST', 'devices/forwards', {
      IMEI: device.imei,
      MessageType: other?.MessageTypes[0]?.MessageType,
      ForwardId: other?.Id,
    });
    expect(foreign.json()).toEqual({ errors: { ForwardId: FORWARD_OF_OTHER_CUSTOMER } });
    if (missingType) {
      const wrongType = await call(RESELLER, 'POST', 'devices/forwards', {
        IMEI: device.imei,
        MessageType: missingType,
        ForwardId: own?.Id,
      });
      expect(wrongType.json()).toEqual({ errors: { ForwardId: forwardLacksType(missingType) } });
    }
    const noForward = await call(RESELLER, 'POST', 'devices/forwards', {
      IMEI: device.imei,
      MessageType: 'XX',
    });
    expect(noForward.json()).toEqual({
      errors: {
        MessageType: 'MessageType must be one of TD, RT, TC, TL',
        ForwardId: 'Choose a forward',
      },
    });
    expect(await writeSnapshot(ctx)).toEqual(before);
  });

  it('refuses viewers (403) and forwards, devices or assignments of other tenants (404)', async () => {
    const mine = await deviceOf(ctx, 'Atlas Freight', 7);
    const foreignForward = (await forwardsOf(ADMIN)).find((f) => f.CustomerId !== mine.customerId);
    // A Hansen device with a forward assigned (deviceOf throws when none is left to try).
    let assigned: DeviceForward | undefined;
    for (let n = 0; !assigned; n++) {
      const hansen = await deviceOf(ctx, 'Hansen Transport', n);
      assigned = (await slotsOf(hansen.imei, ADMIN)).find((s) => s.Id > 0);
    }
    const before = await writeSnapshot(ctx);
    const body = { IMEI: mine.imei, MessageType: 'RT', ForwardId: foreignForward?.Id };
    expect((await call(VIEWER, 'POST', 'devices/forwards', body)).statusCode).toBe(403);
    expect((await call(USER, 'POST', 'devices/forwards', body)).statusCode).toBe(404);
    expect((await call(USER, 'DELETE', `devices/forwards/${assigned.Id}`)).statusCode).toBe(404);
    expect((await call(VIEWER, 'DELETE', `devices/forwards/${assigned.Id}`)).statusCode).toBe(403);
    expect(await writeSnapshot(ctx)).toEqual(before);
  });
});
