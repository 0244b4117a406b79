import { eq, sql } from 'drizzle-orm';
import { TACHO_KINDS, TACHO_UNKNOWN_PERIOD, type TachoKind } from '@shared/tacho/tacho';
import { customers, modemRequests } from '@server/db/schema';
import { deviceOf, type DemoDevice } from './api';
import type { TestContext } from './harness';
import { insertTachoFile, insertTachoRequest } from './tacho-files';

const DAY = 86_400_000;

/** What the rtddata tests read back: ids and devices of the rows below. */
export interface TachoScenario {
  now: number;
  customers: Record<'atlas' | 'hansen' | 'vega', number>;
  devices: Record<'atlas0' | 'atlas1' | 'hansen0' | 'vega0', DemoDevice>;
  /** File ids by a name the tests use ('AT-100/1' is AT-100's newest). */
  files: Record<string, number>;
  /** Hansen's paging plates HP-00 … HP-54, one file each. */
  pagingPlates: number;
}

export const PAGING_PLATES = 55;

/**
 * Known downloads over the demo's tenants, replacing any the demo brought (the tests count):
 *
 * Atlas Freight (user@, viewer@): vehicles AT-100 (3 weekly files, data end 1, 8, 15 days ago),
 * AT-200 (85.5 days ago: 4 days left), AT-300 (unknown period), AT-400 (100.5 days ago: -11),
 * AT-500 (24.5 days ago: RDL in 3 days); drivers 'Jensen, Anna' (3.5 days ago) and 'Müller Max'
 * (25.5 days ago). Hansen Transport (the reseller's tree): HT-100, driver 'Hansen Ole' (40.5 days
 * ago) and the paging plates. Vega Logistics (no Tacho Download): VG-100.
 */
export async function seedTachoScenario(ctx: TestContext): Promise<TachoScenario> {
  const { db } = ctx.database;
  await db.execute(sql`delete from tacho_requests`);
  await db.execute(sql`delete from tacho_latest`);
  await db.execute(sql`delete from tacho_files`);
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const devices = {
    atlas0: await deviceOf(ctx, 'Atlas Freight', 0),
    atlas1: await deviceOf(ctx, 'Atlas Freight', 1),
    hansen0: await deviceOf(ctx, 'Hansen Transport', 0),
    vega0: await deviceOf(ctx, 'Vega Logistics', 0),
  };
  const customerOf = (d: DemoDevice) => d.customerId ?? 0;
  const files: Record<string, number> = {};
  const add = async (
    name: string,
    kind: TachoKind,
    device: DemoDevice,
    subject: { plate?: string; driver?: string; card?: string },
    periodTo: Date,
  ) => {
    const unknown = periodTo.toISOString() === TACHO_UNKNOWN_PERIOD;
    files[name] = await insertTachoFile(db, {
      kind,
      customerId: customerOf(device),
      deviceId: device.id,
      imei: device.imei,
      licensePlate: subject.plate ?? null,
      driverName: subject.driver ?? null,
      cardNumber: subject.card ?? null,
      vin: subject.plate ? `VIN${subject.plate.replace(/\W/g, '')}X` : null,
      fileName: `${name.replace('/', '_')}.ddd`,
      periodFrom: unknown ? periodTo : new Date(periodTo.getTime() - 7 * DAY),
      periodTo,
      bytes: new Uint8Array([0x76, kind, ...Buffer.from(name)]),
    });
  };
  const vehicle = TACHO_KINDS.vehicle;
  const driver = TACHO_KINDS.driver;
  await add('AT-100/3', vehicle, devices.atlas0, { plate: 'AT-100' }, ago(15));
  await add('AT-100/2', vehicle, devices.atlas0, { plate: 'AT-100' }, ago(8));
  await add('AT-100/1', vehicle, devices.atlas0, { plate: 'AT-100' }, ago(1));
  await add('AT-200', vehicle, devices.atlas1, { plate: 'AT-200' }, ago(85.5));
  await add('AT-300', vehicle, devices.atlas1, { plate: 'AT-300' }, new Date(TACHO_UNKNOWN_PERIOD));
  await add('AT-400', vehicle, devices.atlas1, { plate: 'AT-400' }, ago(100.5));
  await add('AT-500', vehicle, devices.atlas1, { plate: 'AT-500' }, ago(24.5));
  const anna = { driver: 'Jensen, Anna', card: 'DK00000000000001' };
  await add('Anna', driver, devices.atlas0, anna, ago(3.5));
  await add(
    'Max',
    driver,
    devices.atlas0,
    { driver: 'Müller Max', card: 'DE00000000000002' },
    ago(25.5),
  );
  await add('HT-100', vehicle, devices.hansen0, { plate: 'HT-100' }, ago(2.5));
  await add(
    'Ole',
    driver,
    devices.hansen0,
    { driver: 'Hansen Ole', card: 'NO00000000000003' },
    ago(40.5),
  );
  await add('VG-100', vehicle, devices.vega0, { plate: 'VG-100' }, ago(5.5));
  for (let i = 0; i < PAGING_PLATES; i++) {
    const plate = `HP-${String(i).padStart(2, '0')}`;
    await add(plate, vehicle, devices.hansen0, { plate }, ago(10 + i / 10));
  }

  // Requests: AT-100's vehicle received its file, AT-200's got the modem request (sent), and
  // Anna's card was asked for by the scheduler (requested).
  await insertTachoRequest(db, {
    deviceId: devices.atlas0.id,
    kind: vehicle,
    fileId: files['AT-100/1'],
  });
  const [modem] = await db
    .insert(modemRequests)
    .values({ deviceId: devices.atlas1.id, command: '$REQUEST,RDL VU', executed: new Date() })
    .returning({ id: modemRequests.id });
  await insertTachoRequest(db, {
    deviceId: devices.atlas1.id,
    kind: vehicle,
    modemRequestId: modem?.id,
  });
  await insertTachoRequest(db, {
    deviceId: devices.atlas0.id,
    kind: driver,
    cardNumber: anna.card,
    requestedBy: 'scheduler',
  });
  await db
    .update(customers)
    .set({ tachoRequestDays: 7 })
    .where(eq(customers.id, customerOf(devices.atlas0)));

  return {
    now,
    customers: {
      atlas: customerOf(devices.atlas0),
      hansen: customerOf(devices.hansen0),
      vega: customerOf(devices.vega0),
    },
    devices,
    files,
    pagingPlates: PAGING_PLATES,
  };
}
