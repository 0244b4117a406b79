import { describe, expect, it } from 'vitest';
import type { DeviceForward, Forward } from '@shared/forwards/forwards';
import {
  ADMIN,
  deviceOf,
  RESELLER,
  USER,
  useApiContext,
  VIEWER,
  writeSnapshot,
} from '@server/test/api';
import { FORWARD_OF_OTHER_CUSTOMER, forwardLacksType } from './service';

const api = useApiContext();
const { call } = api;

describe('devices/forwards', () => {
  const slotsOf = async (imei: string, email = USER) =>
    (await call(email, 'GET', `devices/forwards/${imei}`)).json<DeviceForward[]>();
  const forwardsOf = async (email: string) =>
    (await call(email, 'GET', 'forwards/')).json<Forward[]>();

  it("always answers the four slots TD, RT, TC, TL, 'non' when unassigned", async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 4);
    const slots = await slotsOf(device.imei);
    expect(slots.map((s) => s.MessageType)).toEqual(['TD', 'RT', 'TC', 'TL']);
    for (const slot of slots.filter((s) => s.Id === 0)) expect(slot.Protocol).toBe('non');
  });

  it("creates from 'non', updates, and deletes back to 'non'", async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 5);
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
    const device = await deviceOf(api.ctx, 'Hansen Transport', 6);
    const visible = await forwardsOf(RESELLER);
    const other = visible.find((f) => f.CustomerId !== device.customerId);
    const own = visible.find((f) => f.CustomerId === device.customerId);
    const missingType = ['TD', 'RT', 'TC', 'TL'].find(
      (t) => !own?.MessageTypes.some((m) => m.MessageType === t),
    );
    const before = await writeSnapshot(api.ctx);
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
    expect(await writeSnapshot(api.ctx)).toEqual(before);
  });

  it('refuses viewers (403) and forwards, devices or assignments of other tenants (404)', async () => {
    const mine = await deviceOf(api.ctx, 'Atlas Freight', 7);
    const foreignForward = (await forwardsOf(ADMIN)).find((f) => f.CustomerId !== mine.customerId);
    // A Hansen device with a forward assigned (deviceOf throws when none is left to try).
    let assigned: DeviceForward | undefined;
    for (let n = 0; !assigned; n++) {
      const hansen = await deviceOf(api.ctx, 'Hansen Transport', n);
      assigned = (await slotsOf(hansen.imei, ADMIN)).find((s) => s.Id > 0);
    }
    const before = await writeSnapshot(api.ctx);
    const body = { IMEI: mine.imei, MessageType: 'RT', ForwardId: foreignForward?.Id };
    expect((await call(VIEWER, 'POST', 'devices/forwards', body)).statusCode).toBe(403);
    expect((await call(USER, 'POST', 'devices/forwards', body)).statusCode).toBe(404);
    expect((await call(USER, 'DELETE', `devices/forwards/${assigned.Id}`)).statusCode).toBe(404);
    expect((await call(VIEWER, 'DELETE', `devices/forwards/${assigned.Id}`)).statusCode).toBe(403);
    expect(await writeSnapshot(api.ctx)).toEqual(before);
  });
});
