import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLinkReply } from '@shared/devices/device-link';
import { deviceSettings, modemRequests } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/harness';
import {
  addRequest,
  addSetting,
  deviceRow,
  post,
  someDevices,
  type FleetDevice,
} from '@server/test/device-link';

let ctx: TestContext;
let mine: FleetDevice;
let other: FleetDevice;
beforeAll(async () => {
  ctx = await createTestContext();
  const [a, b] = await someDevices(ctx.database.db, 2, 20);
  if (!a || !b) throw new Error('demo fleet too small');
  [mine, other] = [a, b];
});
afterAll(() => ctx.close());

const settingsOf = (ids: number[]) =>
  ctx.database.db.select().from(deviceSettings).where(inArray(deviceSettings.id, ids));
const requestOf = async (id: number) =>
  (await ctx.database.db.select().from(modemRequests).where(eq(modemRequests.id, id)))[0];

describe('pending work and acknowledgements', () => {
  it('answers pending settings and requests oldest first, then applies what is acknowledged', async () => {
    const db = ctx.database.db;
    const first = await addSetting(db, mine.id, 'timedMessageInterval', '60');
    const second = await addSetting(db, mine.id, 'APN', 'iot.test');
    const request = await addRequest(db, mine.id, '$REQUEST,RT FF');
    expect((await deviceRow(db, mine.id)).inSync).toBe(false);

    const poll = await post(ctx, { IMEI: mine.imei });
    expect(poll.statusCode).toBe(200);
    expect(poll.json<DeviceLinkReply>()).toEqual({
      Settings: [
        { Id: first, SettingName: 'timedMessageInterval', Value: '60' },
        { Id: second, SettingName: 'APN', Value: 'iot.test' },
      ],
      Requests: [{ Id: request, Command: '$REQUEST,RT FF', CommandType: 20 }],
    });

    // The first setting and the request are done; the second is still being applied.
    const partial = await post(ctx, {
      IMEI: mine.imei,
      Ack: { Settings: [first], Requests: [request] },
    });
    expect(partial.json<DeviceLinkReply>()).toEqual({
      Settings: [{ Id: second, SettingName: 'APN', Value: 'iot.test' }],
      Requests: [],
    });
    let device = await deviceRow(db, mine.id);
    expect(device.currentConfig).toMatchObject({ timedMessageInterval: '60' });
    expect(device.inSync).toBe(false);
    expect((await requestOf(request))?.executed).toBeInstanceOf(Date);

    const rest = await post(ctx, { IMEI: mine.imei, Ack: { Settings: [second] } });
    expect(rest.json<DeviceLinkReply>()).toEqual({ Settings: [], Requests: [] });
    device = await deviceRow(db, mine.id);
    expect(device.currentConfig).toMatchObject({ timedMessageInterval: '60', APN: 'iot.test' });
    expect(device.newConfig).toMatchObject({ timedMessageInterval: '60', APN: 'iot.test' });
    expect(device.inSync).toBe(true);
    const rows = await settingsOf([first, second]);
    expect(rows.every((r) => r.processed && r.processedDate)).toBe(true);
  });

  it('ignores ids of other devices and harmlessly takes repeated acknowledgements', async () => {
    const db = ctx.database.db;
    const foreignSetting = await addSetting(db, other.id, 'APN', 'foreign');
    const foreignRequest = await addRequest(db, other.id, '$REQUEST,TD FF');
    const own = await addRequest(db, mine.id, '$REQUEST,RC FF');

    const response = await post(ctx, {
      IMEI: mine.imei,
      Ack: { Settings: [foreignSetting, 'x', -3], Requests: [foreignRequest, own, 'nope'] },
    });
    expect(response.statusCode).toBe(200);
    expect((await settingsOf([foreignSetting]))[0]?.processed).toBe(false);
    expect((await requestOf(foreignRequest))?.executed).toBeNull();
    const executed = (await requestOf(own))?.executed;
    expect(executed).toBeInstanceOf(Date);

    // The device did not get the answer and sends the same acknowledgement again.
    const again = await post(ctx, { IMEI: mine.imei, Ack: { Requests: [own] } });
    expect(again.statusCode).toBe(200);
    expect((await requestOf(own))?.executed).toEqual(executed);

    const theirs = await post(ctx, { IMEI: other.imei });
    expect(theirs.json<DeviceLinkReply>()).toEqual({
      Settings: [{ Id: foreignSetting, SettingName: 'APN', Value: 'foreign' }],
      Requests: [{ Id: foreignRequest, Command: '$REQUEST,TD FF', CommandType: 20 }],
    });
  });

  it('applies two messages of one device in one batch in the order they were sent', async () => {
    const db = ctx.database.db;
    const a = await addSetting(db, mine.id, 'standbyMessageInterval', '100');
    const b = await addSetting(db, mine.id, 'standbyMessageInterval', '200');
    const [r1, r2] = await Promise.all([
      post(ctx, { IMEI: mine.imei, Lat: 10, Ack: { Settings: [a] } }),
      post(ctx, { IMEI: mine.imei, Lat: 11, Ack: { Settings: [b] } }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const device = await deviceRow(db, mine.id);
    // The later message's position and acknowledged value win.
    expect(device.state.Lat).toBe(11);
    expect(device.currentConfig).toMatchObject({ standbyMessageInterval: '200' });
    expect(device.inSync).toBe(true);
  });
});
