import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH, DEVICE_REJECTED_MESSAGE } from '@shared/devices/device-link';
import { modemRequests } from '@server/db/schema';
import { buildDeviceLinkApp } from '@server/devices-link/device-app';
import { addRequest, addSetting, deviceRow, someDevices } from '@server/test/device-link';
import type { App } from '@server/http/types';
import { createTestContext, type TestContext } from '@server/test/harness';
import { TACHO_KINDS, VALID_STATES } from '@shared/tacho/tacho';
import { addTachoRequest, fileRecord, requestRow } from '@server/test/device-files';
import { DeviceLinkStatusError } from './failures';
import { createSimulator } from './simulator';
import { driverOf, vehicleOf } from './tacho-identities';

let ctx: TestContext;
let devicePort: App;
let url: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // Like production's DEVICE_PORT: devices talk to the device link's own server.
  devicePort = await buildDeviceLinkApp({ link: ctx.app.deviceLink });
  const address = await devicePort.listen({ port: 0, host: '127.0.0.1' });
  url = `${address}${DEVICE_LINK_PATH}`;
});
afterAll(async () => {
  await devicePort.close();
  await ctx.close();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the device simulator', () => {
  it('drives devices over HTTP and applies a pending setting and request', async () => {
    const db = ctx.database.db;
    const fleet = await someDevices(db, 3, 40);
    const target = fleet[0];
    if (!target) throw new Error('no device');
    const setting = await addSetting(db, target.id, 'timedMessageInterval', '30');
    const request = await addRequest(db, target.id, '$REQUEST,DD FF');
    const before = await deviceRow(db, target.id);

    const errors: unknown[] = [];
    const simulator = createSimulator({
      url,
      devices: fleet.map((d) => ({
        imei: d.imei,
        credential: ctx.deviceCredentials.get(d.imei) ?? '',
      })),
      intervalMs: 150,
      applyDelayMs: [50, 200],
      invalidRate: 0.1,
      seed: 7,
      onError: (error) => errors.push(error),
    });
    simulator.start();
    try {
      await waitFor(async () => (await deviceRow(db, target.id)).inSync, 10_000);
      await waitFor(async () => {
        const [row] = await db.select().from(modemRequests).where(eq(modemRequests.id, request));
        return row?.executed != null;
      }, 10_000);
      // The server took the acknowledgements; wait for the answers to reach the devices too.
      await waitFor(async () => {
        const c = simulator.counters();
        return Promise.resolve(c.settingsAcknowledged >= 1 && c.requestsAcknowledged >= 1);
      }, 5_000);
    } finally {
      await simulator.stop();
    }

    const after = await deviceRow(db, target.id);
    expect(after.currentConfig).toMatchObject({ timedMessageInterval: '30' });
    expect(simulator.configOf(target.imei)?.get('timedMessageInterval')).toBe('30');
    expect(after.state.VIN).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(after.lastMsg?.getTime()).toBeGreaterThan(before.lastMsg?.getTime() ?? 0);
    const counters = simulator.counters();
    expect(errors).toEqual([]);
    expect(counters.failed).toBe(0);
    // Requests in flight at stop() are aborted, at most one per device.
    expect(counters.acknowledged).toBeGreaterThanOrEqual(counters.sent - fleet.length);
    expect(counters.settingsAcknowledged).toBeGreaterThanOrEqual(1);
    expect(counters.requestsAcknowledged).toBeGreaterThanOrEqual(1);
    expect(setting).toBeGreaterThan(0);

    // Stopped means stopped: nothing is sent any more.
    const sent = simulator.counters().sent;
    await new Promise((r) => setTimeout(r, 400));
    expect(simulator.counters().sent).toBe(sent);
  });

  it('answers remote download requests with tachograph files the server stores', async () => {
    const db = ctx.database.db;
    const [device] = await someDevices(db, 1, 60);
    if (!device) throw new Error('no device');
    const vehicle = await addTachoRequest(db, device.id, TACHO_KINDS.vehicle);
    const card = await addTachoRequest(db, device.id, TACHO_KINDS.driver, 'DF00000000123401');

    const errors: unknown[] = [];
    const simulator = createSimulator({
      url,
      devices: [{ imei: device.imei, credential: ctx.deviceCredentials.get(device.imei) ?? '' }],
      intervalMs: 150,
      applyDelayMs: [50, 200],
      seed: 11,
      onError: (error) => errors.push(error),
    });
    simulator.start();
    try {
      await waitFor(async () => {
        const rows = await Promise.all([requestRow(db, vehicle.id), requestRow(db, card.id)]);
        return rows.every((r) => r.fileId !== null);
      }, 10_000);
      await waitFor(() => Promise.resolve(simulator.counters().requestsAcknowledged >= 2), 5_000);
    } finally {
      await simulator.stop();
    }
    expect(errors).toEqual([]);
    expect(simulator.counters()).toMatchObject({ filesUploaded: 2, filesFailed: 0 });

    const massMemory = await requestRow(db, vehicle.id);
    const file = await fileRecord(db, massMemory.fileId ?? 0);
    expect(file).toMatchObject({
      kind: TACHO_KINDS.vehicle,
      deviceId: device.id,
      customerId: device.customerId,
      requestId: vehicle.id,
      validState: VALID_STATES.ok,
      licensePlate: vehicleOf(device.imei).licensePlate,
      vin: vehicleOf(device.imei).vin,
    });
    // The period ends at the download, so the vehicle is a whole 90 days from due.
    expect(Date.now() - file.periodTo.getTime()).toBeLessThan(60_000);
    expect((await deviceRow(db, device.id)).lastDownload).toEqual(file.uploadedAt);

    const cardFile = await fileRecord(db, (await requestRow(db, card.id)).fileId ?? 0);
    expect(cardFile).toMatchObject({
      kind: TACHO_KINDS.driver,
      cardNumber: 'DF00000000123401',
      driverName: `${driverOf('DF00000000123401').firstNames} ${driverOf('DF00000000123401').surname}`,
      requestId: card.id,
    });
    const modem = await db
      .select()
      .from(modemRequests)
      .where(eq(modemRequests.deviceId, device.id));
    expect(modem.filter((m) => m.executed === null)).toEqual([]);
  });

  it("runs the README's 20 devices without a MaxListenersExceededWarning", async () => {
    const fleet = await someDevices(ctx.database.db, 20, 100);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const simulator = createSimulator({
      url,
      devices: fleet.map((d) => ({
        imei: d.imei,
        credential: ctx.deviceCredentials.get(d.imei) ?? '',
      })),
      intervalMs: 100,
      seed: 3,
    });
    simulator.start();
    try {
      // Every device waiting between messages at once, several times over.
      await waitFor(
        () => Promise.resolve(simulator.counters().acknowledged >= 3 * fleet.length),
        60_000,
      );
    } finally {
      await simulator.stop();
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r));
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });

  it('tells onError why a post failed: the status and what the server said', async () => {
    const [device] = await someDevices(ctx.database.db, 1, 130);
    if (!device) throw new Error('no device');
    const errors: unknown[] = [];
    const simulator = createSimulator({
      url,
      devices: [{ imei: device.imei, credential: 'not-its-credential' }],
      intervalMs: 100,
      onError: (error) => errors.push(error),
    });
    simulator.start();
    try {
      await waitFor(() => Promise.resolve(errors.length > 0), 30_000);
    } finally {
      await simulator.stop();
    }
    expect(errors[0]).toBeInstanceOf(DeviceLinkStatusError);
    expect((errors[0] as Error).message).toBe(`HTTP 401: ${DEVICE_REJECTED_MESSAGE}`);
    expect(simulator.counters().byStatus[401]).toBeGreaterThan(0);
  });

  it('imports nothing of the server but the shared protocol and the signing (it is a device)', () => {
    const folder = path.dirname(fileURLToPath(import.meta.url));
    const importsOf = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map(([, spec]) => spec);
    const sources = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of sources) {
      for (const spec of importsOf(path.join(folder, file))) {
        expect(`${file}: ${spec}`).toMatch(
          // The file builder is the tachograph's side: the files a vehicle unit or card gives.
          /: (node:|valibot$|\.\/|@shared\/|@server\/auth\/device-signing$|@server\/tacho\/file-format$)/,
        );
      }
    }
    // The signing is device-side code too.
    for (const spec of importsOf(path.join(folder, '../auth/device-signing.ts'))) {
      expect(`device-signing.ts: ${spec}`).toMatch(/: (node:|@shared\/)/);
    }
  });
});
