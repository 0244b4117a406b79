import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '@shared/devices/constants';
import { TACHO_TYPE_EDIT_MESSAGE, TOGGLE_MESSAGE } from '@shared/devices/device-settings';
import type { DeviceDetail, DeviceSetting } from '@shared/devices/devices';
import { devices } from '@server/db/schema';
import { STANDARD_PROFILE_ID } from '@server/seed/device-config';
import {
  apiCaller,
  deviceOf,
  deviceRecord,
  syncedDeviceOf,
  RESELLER,
  USER,
  VIEWER,
  writeSnapshot,
} from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { applyAcknowledgedSettings } from '@server/modules/devices';
import { OLD_CAN_MESSAGE, UNKNOWN_ENDPOINT, UNKNOWN_PROTOCOL } from './setting-references';
import { PROCESSED_SETTING } from './service';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
});
afterAll(() => ctx.close());

const row = (id: number) => deviceRecord(ctx, id);
const syncedAtlasDevice = (n: number) => syncedDeviceOf(ctx, 'Atlas Freight', n);
const settingsOf = async (imei: string) =>
  (await call(USER, 'GET', `devices/settings/${imei}`)).json<DeviceSetting[]>();

describe('POST|PUT devices/settings/{imei}', () => {
  it('stores pending settings, recomputes the new config and InSync, answers the device', async () => {
    const device = await syncedAtlasDevice(0);
    const response = await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [
        { SettingName: 'timedMessageInterval', Value: '30' },
        { SettingName: 'TachoRDLAdress', Value: '9999' },
        { SettingName: 'timedMessageInterval', Value: '45' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<DeviceDetail>();
    expect(detail.InSync).toBe(false);
    const value = (name: string) =>
      detail.NewConfig.settings.find((s) => s.SettingName === name)?.Value;
    expect(value('timedMessageInterval')).toBe('45');
    expect(value('TachoRDLAdress')).toBe('9999');
    expect(
      detail.CurrentConfig.settings.find((s) => s.SettingName === 'timedMessageInterval')?.Value,
    ).toBe('120');
    const history = await settingsOf(device.imei);
    expect(history.map((s) => [s.SettingName, s.Value, s.Processed])).toEqual([
      ['timedMessageInterval', '45', false],
      ['TachoRDLAdress', '9999', false],
      ['timedMessageInterval', '30', false],
    ]);
  });

  it('accepts PUT with a SettingsList, endpoints as settings, and numbers as values', async () => {
    const device = await syncedAtlasDevice(1);
    const [endpoint] = (await call(USER, 'GET', 'endpoints/'))
      .json<{ Id: string; CustomerId: number | null }[]>()
      .filter((e) => e.CustomerId !== null);
    const response = await call(USER, 'PUT', `devices/settings/${device.imei}`, {
      SettingsList: [
        { SettingName: 'endpoint1ID', Value: endpoint?.Id },
        { SettingName: 'endpoint1JSON', Value: JSON.stringify({ TIME: 0, SOT: 0, REQ: 0 }) },
        { SettingName: 'standbyMessageInterval', Value: 3600 },
        { SettingName: 'settingsProfileID', Value: '' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<DeviceDetail>();
    expect(detail.NewConfig.endpoint1ID).toBe(endpoint?.Id);
    expect(detail.NewConfig.message1).toEqual({ TIME: 0, SOT: 0, REQ: 0 });
    expect(detail.NewConfig.settingsProfileID).toBe('');
  });

  it('answers 400 per setting and writes nothing', async () => {
    const device = await syncedAtlasDevice(2);
    const before = await writeSnapshot(ctx);
    const response = await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [
        { SettingName: 'TachoRDLAdress', Value: '250' },
        { SettingName: 'iButton', Value: 'yes' },
        { SettingName: 'Output1Behaviour', Value: '3' },
        { SettingName: 'chargingMessageInterval', Value: '-5' },
        { SettingName: 'NoSuchSetting', Value: '1' },
        { SettingName: 'endpoint0JSON', Value: '{"TIME":-1}' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        'SettingsList.0.Value': 'Must be 251 to 254, or 9999',
        'SettingsList.1.Value': TOGGLE_MESSAGE,
        'SettingsList.2.Value': 'Must be one of 0, 1, 2',
        'SettingsList.3.Value': 'Must be a whole number of 0 or more',
        'SettingsList.4.SettingName': 'Unknown setting',
        'SettingsList.5.Value': 'TIME must be a whole number from 0 to 65535',
      },
    });
    const empty = await call(USER, 'POST', `devices/settings/${device.imei}`, { SettingsList: [] });
    expect(empty.json()).toEqual({ errors: { SettingsList: 'No settings to save' } });
    expect(await writeSnapshot(ctx)).toEqual(before);
  });

  it('checks references: protocol code of the device type, visible endpoints and profiles', async () => {
    const device = await syncedAtlasDevice(3);
    const foreignEndpoint = (await call(RESELLER, 'GET', 'endpoints/'))
      .json<{ Id: string; CustomerId: number | null }[]>()
      .find((e) => e.CustomerId !== null);
    const before = await writeSnapshot(ctx);
    const response = await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [
        { SettingName: 'ProtocolCode', Value: 'NOPE000001' },
        { SettingName: 'endpoint0ID', Value: foreignEndpoint?.Id },
        { SettingName: 'settingsProfileID', Value: STANDARD_PROFILE_ID },
        { SettingName: 'endpoint2ID', Value: EMPTY_GUID },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        'SettingsList.0.Value': UNKNOWN_PROTOCOL,
        'SettingsList.1.Value': UNKNOWN_ENDPOINT,
      },
    });
    expect(await writeSnapshot(ctx)).toEqual(before);
  });

  it('refuses a protocol-code change on type 2 with an old CAN version', async () => {
    const device = await syncedAtlasDevice(4);
    await ctx.database.db
      .update(devices)
      .set({
        deviceType: 2,
        currentConfig: { ...(await row(device.id)).currentConfig, CAN1Version: '2105004' },
      })
      .where(eq(devices.id, device.id));
    const other =
      (await row(device.id)).protocolCode === 'VOLVFH4001' ? 'RENTT00007' : 'VOLVFH4001';
    const response = await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'ProtocolCode', Value: other }],
    });
    expect(response.json()).toEqual({ errors: { 'SettingsList.0.Value': OLD_CAN_MESSAGE } });
  });

  it('refuses viewers (403) and other tenants (404)', async () => {
    const mine = await deviceOf(ctx, 'Atlas Freight', 5);
    const foreign = await deviceOf(ctx, 'Hansen Transport', 5);
    const body = { SettingsList: [{ SettingName: 'iButton', Value: '1' }] };
    const before = await writeSnapshot(ctx);
    expect((await call(VIEWER, 'POST', `devices/settings/${mine.imei}`, body)).statusCode).toBe(
      403,
    );
    expect((await call(VIEWER, 'PUT', `devices/settings/${mine.imei}`, body)).statusCode).toBe(403);
    expect((await call(USER, 'POST', `devices/settings/${foreign.imei}`, body)).statusCode).toBe(
      404,
    );
    expect((await call(RESELLER, 'PUT', `devices/settings/${mine.imei}`, body)).statusCode).toBe(
      404,
    );
    expect(await writeSnapshot(ctx)).toEqual(before);
  });
});

describe('PUT devices/settings/{id}, DELETE devices/settings/{id}, DELETE devices/settings/all/{imei}', () => {
  it('edits a pending setting with the dialog rules (TachoType words map to codes)', async () => {
    const device = await syncedAtlasDevice(6);
    await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'TachoType', Value: '0' }],
    });
    const [pending] = await settingsOf(device.imei);
    const edited = await call(USER, 'PUT', `devices/settings/${pending?.Id ?? 0}`, {
      SettingName: 'TachoType',
      Value: 'Stoneridge',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<DeviceSetting>()).toMatchObject({ SettingName: 'TachoType', Value: '2' });
    expect((await row(device.id)).newConfig.TachoType).toBe('2');

    const before = await writeSnapshot(ctx);
    for (const [SettingName, Value, message] of [
      ['TachoType', '1', TACHO_TYPE_EDIT_MESSAGE],
      ['iButton', '2', TOGGLE_MESSAGE],
      ['PrivateSwitchEnabled', 'true', TOGGLE_MESSAGE],
      ['TachoLiveEnabled', '', TOGGLE_MESSAGE],
    ] as const) {
      const bad = await call(USER, 'PUT', `devices/settings/${pending?.Id ?? 0}`, {
        SettingName,
        Value,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ errors: { Value: message } });
    }
    expect(await writeSnapshot(ctx)).toEqual(before);
  });

  it('refuses to edit a processed setting, and edits of other tenants and viewers', async () => {
    const device = await syncedAtlasDevice(7);
    await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'iButton', Value: '1' }],
    });
    const [setting] = await settingsOf(device.imei);
    const id = setting?.Id ?? 0;
    expect(
      (await call(VIEWER, 'PUT', `devices/settings/${id}`, { SettingName: 'iButton', Value: '0' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(RESELLER, 'PUT', `devices/settings/${id}`, {
          SettingName: 'iButton',
          Value: '0',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(RESELLER, 'DELETE', `devices/settings/${id}`)).statusCode).toBe(404);
    await ctx.database.db.transaction((tx) => applyAcknowledgedSettings(tx, device.id, [id]));
    const response = await call(USER, 'PUT', `devices/settings/${id}`, {
      SettingName: 'iButton',
      Value: '0',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { Processed: PROCESSED_SETTING } });
  });

  it('removes one setting, then all unprocessed ones, recomputing sync each time', async () => {
    const device = await syncedAtlasDevice(8);
    await call(USER, 'POST', `devices/settings/${device.imei}`, {
      SettingsList: [
        { SettingName: 'iButton', Value: '1' },
        { SettingName: 'PTOEnabled', Value: '1' },
        { SettingName: 'CAN4Purpose', Value: '2' },
      ],
    });
    const [latest] = await settingsOf(device.imei);
    const removed = await call(USER, 'DELETE', `devices/settings/${latest?.Id ?? 0}`);
    expect(removed.json<DeviceSetting>()).toMatchObject({ SettingName: 'CAN4Purpose' });
    expect((await row(device.id)).newConfig.CAN4Purpose).toBe('0');
    expect((await call(VIEWER, 'DELETE', `devices/settings/all/${device.imei}`)).statusCode).toBe(
      403,
    );
    const cleared = await call(USER, 'DELETE', `devices/settings/all/${device.imei}`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<DeviceDetail>().InSync).toBe(true);
    expect(await settingsOf(device.imei)).toEqual([]);
    const synced = await row(device.id);
    expect(synced.newConfig).toEqual(synced.currentConfig);
  });
});
