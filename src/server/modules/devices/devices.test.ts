import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PAGE_SIZE, type Device, type DeviceDetail } from '@shared/devices/devices';
import {
  ADMIN,
  apiCaller,
  customerId,
  deviceOf,
  RESELLER,
  USER,
  VIEWER,
  writeSnapshot,
  type DemoDevice,
} from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
let atlas: DemoDevice;
let hansen: DemoDevice;
let blueLine: DemoDevice;
let inStock: DemoDevice;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  atlas = await deviceOf(ctx, 'Atlas Freight');
  hansen = await deviceOf(ctx, 'Hansen Transport');
  blueLine = await deviceOf(ctx, 'Blue Line Buses');
  inStock = await deviceOf(ctx, null);
});
afterAll(() => ctx.close());

const json = async <T>(email: string, path: string): Promise<T> => {
  const response = await call(email, 'GET', path);
  expect(response.statusCode, `${email} GET ${path}: ${response.body}`).toBe(200);
  return response.json<T>();
};

describe('GET devices/, devices/chunk/{lastId}, devices/all/', () => {
  it('pages the whole scope by id and counts it', async () => {
    for (const [email, total] of [
      [ADMIN, 320],
      [RESELLER, 160],
      [USER, 90],
      [VIEWER, 90],
    ] as const) {
      expect(await json<number>(email, 'devices/all/')).toBe(total);
      const seen: Device[] = [];
      let page = await json<Device[]>(email, 'devices/');
      expect(await json<Device[]>(email, 'devices/chunk/')).toEqual(page);
      while (page.length > 0) {
        seen.push(...page);
        if (page.length < DEVICE_PAGE_SIZE) break;
        page = await json<Device[]>(email, `devices/chunk/${page.at(-1)?.Id ?? 0}`);
      }
      expect(seen).toHaveLength(total);
      const ids = seen.map((d) => d.Id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(total);
    }
  });

  it('answers a device with the field names of spec 02 §3', async () => {
    const [device] = await json<Device[]>(USER, 'devices/');
    expect(Object.keys(device ?? {}).sort()).toEqual(
      [
        'Id',
        'IMEI',
        'SN',
        'Hardware',
        'DeviceType',
        'DeviceName',
        'Firmware',
        'Protocol',
        'ProtocolName',
        'ProtocolBrand',
        'ProtocolCode',
        'ConfigurationGroup',
        'ConfigurationGroupId',
        'ICCID',
        'APN',
        'InSync',
        'LastMsg',
        'LastDownload',
        'RTDInterval',
        'Note',
        'Name',
        'Customer',
        'CustomerId',
        'BooterVersion',
        'CAN1Version',
        'CAN2Version',
      ].sort(),
    );
    expect(device).toMatchObject({ Customer: 'Atlas Freight', RTDInterval: 24 });
    expect(device?.ProtocolName).toBeTruthy();
    expect(device?.Firmware).toMatch(/^\d\.\d\d\.\d\d$/);
  });

  it('rejects a non-numeric lastId', async () => {
    const response = await call(ADMIN, 'GET', 'devices/chunk/abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { lastId: 'Must be a numeric id' } });
  });
});

describe('GET devices/{id}', () => {
  it('answers the device with current and new config and its state', async () => {
    const detail = await json<DeviceDetail>(USER, `devices/${atlas.id}`);
    expect(detail.IMEI).toBe(atlas.imei);
    expect(detail.CurrentConfig.Firmware).toBe(detail.Firmware);
    expect(detail.CurrentConfig.ProtocolCode).toBe(detail.ProtocolCode);
    expect(typeof detail.CurrentConfig.applicationVersion).toBe('number');
    const names = detail.CurrentConfig.settings.map((s) => s.SettingName);
    expect(names).toEqual(expect.arrayContaining(['iButton', 'TachoType', 'TachoRDLAdress']));
    expect(names).not.toContain('Firmware');
    expect(detail.CurrentConfig.message0).toMatchObject({ TIME: 3, REQ: 65535 });
    expect(detail.State).toMatchObject({ IMEI: atlas.imei });
    expect(detail.State.VIN).toBeDefined();
  });

  it.each([
    [ADMIN, 'blueLine', 200],
    [ADMIN, 'inStock', 200],
    [RESELLER, 'hansen', 200],
    [RESELLER, 'atlas', 404],
    [RESELLER, 'inStock', 404],
    [USER, 'atlas', 200],
    [USER, 'hansen', 404],
    [VIEWER, 'atlas', 200],
    [VIEWER, 'blueLine', 404],
  ] as const)('%s reading the %s device: %i', async (email, which, status) => {
    const device = { atlas, hansen, blueLine, inStock }[which];
    for (const path of [
      `devices/${device.id}`,
      `devices/devicestate/${device.imei}`,
      `devices/rawmessages/${device.imei}`,
      `devices/rawmessages/${device.imei}/999999999`,
      `devices/rawmessages/last/${device.imei}`,
      `devices/settings/${device.imei}`,
      `devices/modemrequests/${device.imei}`,
      `devices/forwards/${device.imei}`,
    ]) {
      expect((await call(email, 'GET', path)).statusCode, path).toBe(status);
    }
  });

  it('answers 404 for a missing device and 400 for a bad id or IMEI', async () => {
    expect((await call(ADMIN, 'GET', 'devices/999999')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', 'devices/devicestate/000000000000000')).statusCode).toBe(404);
    const bad = await call(ADMIN, 'GET', 'devices/devicestate/12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { imei: 'Must be an IMEI (digits only)' } });
  });
});

describe('GET devices/devicestate/{imei}', () => {
  it('answers the latest telemetry with the IMEI and last message time', async () => {
    const state = await json<Record<string, unknown>>(USER, `devices/devicestate/${atlas.imei}`);
    expect(state).toMatchObject({ IMEI: atlas.imei });
    expect(state).toHaveProperty('VIN');
    expect(state).toHaveProperty('Odo');
    expect(Date.parse(String(state.LastMsg))).toBeGreaterThan(0);
  });
});

describe('GET devices/customer/{customerId}', () => {
  it("lists a visible customer's devices and refuses others with 404", async () => {
    const hansenId = await customerId(ctx, 'Hansen Transport');
    const list = await json<Device[]>(RESELLER, `devices/customer/${hansenId}`);
    expect(list).toHaveLength(70);
    expect(new Set(list.map((d) => d.CustomerId))).toEqual(new Set([hansenId]));
    expect((await call(USER, 'GET', `devices/customer/${hansenId}`)).statusCode).toBe(404);
    const atlasId = await customerId(ctx, 'Atlas Freight');
    const first = await json<Device[]>(ADMIN, `devices/customer/${atlasId}`);
    expect(first).toHaveLength(90);
    const after = await json<Device[]>(
      ADMIN,
      `devices/customer/${atlasId}?after=${first[9]?.Id ?? 0}`,
    );
    expect(after).toEqual(first.slice(10));
  });
});

describe('devices/note/ and devices/name/ (POST or PUT)', () => {
  it('saves note and name with either method', async () => {
    const note = await call(USER, 'POST', 'devices/note/', {
      imei: atlas.imei,
      note: 'Spare key in depot',
    });
    expect(note.statusCode).toBe(200);
    expect(note.json<DeviceDetail>().Note).toBe('Spare key in depot');
    const name = await call(USER, 'PUT', 'devices/name', { imei: atlas.imei, name: 'Truck 12' });
    expect(name.json<DeviceDetail>()).toMatchObject({
      Name: 'Truck 12',
      Note: 'Spare key in depot',
    });
    const cleared = await call(USER, 'PUT', 'devices/note', { imei: atlas.imei, note: '' });
    expect(cleared.json<DeviceDetail>().Note).toBeNull();
  });

  it('refuses viewers (403), other tenants (404) and bad input (400) without writing', async () => {
    const before = await writeSnapshot(ctx);
    expect(
      (await call(VIEWER, 'POST', 'devices/note', { imei: atlas.imei, note: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call(USER, 'PUT', 'devices/name', { imei: hansen.imei, name: 'x' })).statusCode,
    ).toBe(404);
    const bad = await call(USER, 'POST', 'devices/name', {
      imei: atlas.imei,
      name: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { name: 'Name must be at most 100 characters' } });
    expect(await writeSnapshot(ctx)).toEqual(before);
  });
});

describe('every device write', () => {
  it('is refused to a viewer with 403, writing nothing', async () => {
    const body = { devices: [atlas.imei] };
    const writes: [string, string, unknown][] = [
      ['POST', 'devices/note', { imei: atlas.imei, note: 'x' }],
      ['PUT', 'devices/name', { imei: atlas.imei, name: 'x' }],
      ['POST', 'devices/customerconnection/1', body],
      ['PUT', 'devices/customerconnection', body],
      ['POST', 'devices/configurationgroups/1', body],
      ['PUT', 'devices/configurationgroups', body],
      ['POST', `devices/modemrequests/${atlas.imei}`, { Command: 'abc' }],
      ['PUT', `devices/modemrequests/${atlas.imei}`, { Id: 1, Command: 'abc' }],
      ['DELETE', 'devices/modemrequests/1', undefined],
      [
        'POST',
        `devices/settings/${atlas.imei}`,
        { SettingsList: [{ SettingName: 'iButton', Value: '1' }] },
      ],
      ['PUT', 'devices/settings/1', { SettingName: 'iButton', Value: '1' }],
      ['DELETE', 'devices/settings/1', undefined],
      ['DELETE', `devices/settings/all/${atlas.imei}`, undefined],
      ['POST', 'devices/forwards', { IMEI: atlas.imei, MessageType: 'RT', ForwardId: 1 }],
      ['PUT', 'devices/forwards', { IMEI: atlas.imei, MessageType: 'RT', ForwardId: 1 }],
      ['DELETE', 'devices/forwards/1', undefined],
    ];
    const before = await writeSnapshot(ctx);
    for (const [method, path, payload] of writes) {
      const response = await call(VIEWER, method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await writeSnapshot(ctx)).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents the device calls and the page shape', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/devices/chunk/{lastId}',
        '/api/devices/search/{filter}/{text}/{customer}',
        '/api/devices/settings/{imei}',
        '/api/devices/customerconnection/history/{deviceId}',
        '/api/AddonBoardFW/flags',
      ]),
    );
    expect(JSON.stringify(doc.paths)).toContain('a page of fewer than 100 devices is the last');
  });
});
