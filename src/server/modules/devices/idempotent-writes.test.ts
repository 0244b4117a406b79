import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceForward, Forward } from '@shared/forwards/forwards';
import type { DeviceSetting, ModemRequest } from '@shared/devices/devices';
import { idempotencyKeys } from '@server/db/schema';
import { REPLAYED_HEADER } from '@server/http/idempotency';
import { keyedCaller } from '@server/test/idempotency-client';
import {
  ADMIN,
  customerId,
  deviceOf,
  RESELLER,
  syncedDeviceOf,
  USER,
  writeSnapshot,
} from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';

// Every device write the offline outbox replays: sent twice with one key, it writes once and
// answers the same. Where a second run would change nothing anyway, `between` changes the state
// first, so a replay that ran the write again would show in the snapshot.

let ctx: TestContext;
let send: ReturnType<typeof keyedCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  send = keyedCaller(ctx);
});
afterAll(() => ctx.close());

/** An unkeyed call that must succeed (setup and the changes between first call and replay). */
async function ok<T>(email: string, method: InjectOptions['method'], path: string, body?: unknown) {
  const response = await send(email, method, path, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function expectWrittenOnce(
  email: string,
  method: InjectOptions['method'],
  path: string,
  body: unknown,
  between?: () => Promise<unknown>,
) {
  const key = randomUUID();
  const first = await send(email, method, path, body, key);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
  await between?.();
  const before = await writeSnapshot(ctx);
  const replay = await send(email, method, path, body, key);
  expect(replay.statusCode).toBe(200);
  expect(replay.body).toBe(first.body);
  expect(replay.headers['content-type']).toBe(first.headers['content-type']);
  expect(replay.headers[REPLAYED_HEADER]).toBe('true');
  expect(await writeSnapshot(ctx)).toEqual(before);
  const [stored] = await ctx.database.db
    .select({ n: count() })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  expect(stored?.n).toBe(1);
}

describe('modem requests', () => {
  it('add and the quick requests', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 0);
    const url = `devices/modemrequests/${imei}`;
    await expectWrittenOnce(USER, 'POST', url, { Command: 'AT+CSQ', CommandType: 20 });
    await expectWrittenOnce(USER, 'POST', url, { Command: '$REQUEST,DD FF', CommandType: 20 });
    await expectWrittenOnce(USER, 'POST', url, { Command: `RESET ${imei} 0 FF`, CommandType: 20 });
  });

  it('edit and delete', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 1);
    const url = `devices/modemrequests/${imei}`;
    const request = await ok<ModemRequest>(USER, 'POST', url, { Command: 'first' });
    const edit = (Command: string) => ({ Id: request.Id, IMEI: imei, Command, CommandType: 20 });
    await expectWrittenOnce(USER, 'PUT', url, edit('second'), () =>
      ok(USER, 'PUT', url, edit('third')),
    );
    await expectWrittenOnce(USER, 'DELETE', `devices/modemrequests/${request.Id}`, undefined);
  });
});

describe('settings', () => {
  it('SettingsList with POST and PUT: settings, tacho settings, thresholds, endpoints and flags', async () => {
    const { imei } = await syncedDeviceOf(ctx, 'Atlas Freight', 2);
    const url = `devices/settings/${imei}`;
    const [endpoint] = (await ok<{ Id: string }[]>(USER, 'GET', 'endpoints/')).slice(-1);
    const lists = [
      [{ SettingName: 'timedMessageInterval', Value: '30' }],
      [{ SettingName: 'RTStandbyInterval', Value: '60' }],
      [{ SettingName: 'overSpeedThreshold', Value: '110' }],
      [
        { SettingName: 'endpoint0ID', Value: endpoint?.Id },
        { SettingName: 'endpoint0JSON', Value: JSON.stringify({ TIME: 1, SOT: 0, REQ: 0 }) },
      ],
    ];
    for (const SettingsList of lists) await expectWrittenOnce(USER, 'POST', url, { SettingsList });
    const SettingsList = [{ SettingName: 'endpoint0JSON', Value: '{"TIME":0,"SOT":0,"REQ":0}' }];
    await expectWrittenOnce(USER, 'PUT', url, { SettingsList });
  });

  it('edit, delete and remove unprocessed', async () => {
    const { imei } = await syncedDeviceOf(ctx, 'Atlas Freight', 6);
    const url = `devices/settings/${imei}`;
    const add = (Value: string) =>
      ok(USER, 'POST', url, { SettingsList: [{ SettingName: 'timedMessageInterval', Value }] });
    await add('40');
    const [setting] = await ok<DeviceSetting[]>(USER, 'GET', url);
    const edit = (Value: string) => ({ SettingName: 'timedMessageInterval', Value });
    await expectWrittenOnce(USER, 'PUT', `devices/settings/${setting?.Id}`, edit('50'), () =>
      ok(USER, 'PUT', `devices/settings/${setting?.Id}`, edit('60')),
    );
    await expectWrittenOnce(USER, 'DELETE', `devices/settings/${setting?.Id}`, undefined);
    await add('70');
    await expectWrittenOnce(USER, 'DELETE', `devices/settings/all/${imei}`, undefined, () =>
      add('80'),
    );
  });
});

describe('device Save', () => {
  it('note and name', async () => {
    const { imei } = await deviceOf(ctx, 'Atlas Freight', 3);
    for (const [path, field] of [
      ['devices/note/', 'note'],
      ['devices/name/', 'name'],
    ] as const) {
      await expectWrittenOnce(USER, 'POST', path, { imei, [field]: 'first' }, () =>
        ok(USER, 'PUT', path, { imei, [field]: 'second' }),
      );
    }
  });

  it('customer connection and configuration group', async () => {
    const device = await deviceOf(ctx, 'Hansen Transport', 3);
    const hansen = await customerId(ctx, 'Hansen Transport');
    const vega = await customerId(ctx, 'Vega Logistics');
    const devices = [device.imei];
    // An admin, as a device of no customer is out of the reseller's sight.
    const moveTo = (id: number) =>
      ok(ADMIN, 'POST', `devices/customerconnection/${id}`, { devices });
    await expectWrittenOnce(
      RESELLER,
      'POST',
      `devices/customerconnection/${vega}`,
      { devices },
      () => moveTo(hansen),
    );
    await expectWrittenOnce(RESELLER, 'PUT', 'devices/customerconnection/', { devices }, () =>
      moveTo(hansen),
    );

    const groups = await ok<{ Id: number; CustomerId: number | null }[]>(
      RESELLER,
      'GET',
      `configurationgroups/customer/${hansen}`,
    );
    const group = groups.find((g) => g.CustomerId === hansen);
    const setGroup = () =>
      ok(RESELLER, 'POST', `devices/configurationgroups/${group?.Id}`, { devices });
    const removeGroup = () => ok(RESELLER, 'PUT', 'devices/configurationgroups/', { devices });
    await expectWrittenOnce(
      RESELLER,
      'POST',
      `devices/configurationgroups/${group?.Id}`,
      { devices },
      removeGroup,
    );
    await expectWrittenOnce(RESELLER, 'PUT', 'devices/configurationgroups/', { devices }, setGroup);
  });
});

describe('message forwards', () => {
  it('assign (POST and PUT) and remove', async () => {
    const device = await deviceOf(ctx, 'Atlas Freight', 4);
    const own = (await ok<Forward[]>(USER, 'GET', 'forwards/')).filter(
      (f) => f.CustomerId === device.customerId && f.MessageTypes.length > 0,
    );
    const forward = own[0];
    const MessageType = forward?.MessageTypes[0]?.MessageType as DeviceForward['MessageType'];
    const slot = async () =>
      (await ok<DeviceForward[]>(USER, 'GET', `devices/forwards/${device.imei}`)).find(
        (s) => s.MessageType === MessageType,
      );
    const clear = async () => {
      const id = (await slot())?.Id ?? 0;
      if (id > 0) await ok(USER, 'DELETE', `devices/forwards/${id}`);
    };
    await clear();
    const body = { IMEI: device.imei, MessageType, ForwardId: forward?.Id };
    await expectWrittenOnce(USER, 'POST', 'devices/forwards/', body, clear);
    await expectWrittenOnce(USER, 'PUT', 'devices/forwards/', body, clear);
    await ok(USER, 'POST', 'devices/forwards/', body);
    await expectWrittenOnce(USER, 'DELETE', `devices/forwards/${(await slot())?.Id}`, undefined);
  });
});
