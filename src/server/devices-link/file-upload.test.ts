import { desc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEVICE_REJECTED_MESSAGE } from '@shared/devices/device-link';
import {
  TACHO_KINDS,
  TACHO_UNKNOWN_PERIOD,
  VALID_STATES,
  validStateClass,
} from '@shared/tacho/tacho';
import { logs, modemRequests } from '@server/db/schema';
import { storeTachoFile } from '@server/tacho/store';
import { deviceOf, useApiContext } from '@server/test/api';
import { deviceRow } from '@server/test/device-link';
import {
  addTachoRequest,
  cardFile,
  days,
  fileCount,
  fileRecord,
  latestOf,
  requestRow,
  upload,
  vehicleFile,
} from '@server/test/device-files';
import { signDeviceMessage } from '@server/auth/device-signing';

const api = useApiContext();
describe('POST /api/v1/devices/files: tachograph uploads', () => {
  it.each([1, 2] as const)('stores a generation %i vehicle unit download', async (generation) => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', generation);
    const bytes = vehicleFile(generation, `UP-VU-${generation}`);
    const response = await upload(api.ctx, device.imei, bytes);
    expect(response.statusCode).toBe(200);
    const { FileId, ValidState } = response.json<{ FileId: number; ValidState: number }>();
    expect(ValidState).toBe(VALID_STATES.ok);

    const db = api.ctx.database.db;
    const record = await fileRecord(db, FileId);
    expect(record).toMatchObject({
      customerId: device.customerId,
      deviceId: device.id,
      imei: device.imei,
      kind: TACHO_KINDS.vehicle,
      licensePlate: `UP-VU-${generation}`,
      nation: 'NL',
      vin: 'YV2RT40A8KB123456',
      validState: VALID_STATES.ok,
      size: bytes.byteLength,
      requestId: null,
    });
    expect(record.fileName).toBeTruthy();
    expect(Buffer.compare(record.bytes ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
    const [latest] = await latestOf(db, `UP-VU-${generation}`);
    expect(latest).toMatchObject({ fileId: FileId, customerKey: device.customerId });
    const after = await deviceRow(db, device.id);
    expect(after.lastDownload?.getTime()).toBe(record.uploadedAt.getTime());
  });

  it.each([1, 2] as const)('stores a generation %i driver card download', async (generation) => {
    const device = await deviceOf(api.ctx, 'Hansen Transport', generation);
    const before = await deviceRow(api.ctx.database.db, device.id);
    const name = `Anna Maria Upload${generation}`;
    const response = await upload(
      api.ctx,
      device.imei,
      cardFile(generation, `Upload${generation}`, `DF0000000000${generation}00`),
    );
    expect(response.statusCode).toBe(200);
    const { FileId } = response.json<{ FileId: number }>();
    const record = await fileRecord(api.ctx.database.db, FileId);
    expect(record).toMatchObject({
      kind: TACHO_KINDS.driver,
      driverName: name,
      cardNumber: `DF0000000000${generation}00`,
      customerId: device.customerId,
      validState: VALID_STATES.ok,
    });
    expect((await latestOf(api.ctx.database.db, name))[0]?.fileId).toBe(FileId);
    // A card download says nothing about the vehicle's own download.
    const after = await deviceRow(api.ctx.database.db, device.id);
    expect(after.lastDownload).toEqual(before.lastDownload);
  });

  it('keeps an unreadable file with its not-ok state, the requested kind and a log warning', async () => {
    const db = api.ctx.database.db;
    const device = await deviceOf(api.ctx, 'Atlas Freight', 5);
    const request = await addTachoRequest(db, device.id, TACHO_KINDS.driver, 'DF000000000777');
    const since =
      (await db.select({ id: logs.id }).from(logs).orderBy(desc(logs.id)).limit(1))[0]?.id ?? 0;
    const garbage = Buffer.from('this is no tachograph file \u0000\u0001\u0002', 'utf8');
    const response = await upload(api.ctx, device.imei, garbage, {
      query: `request=${request.modemRequestId}`,
    });
    expect(response.statusCode).toBe(200);
    const { FileId, ValidState } = response.json<{ FileId: number; ValidState: number }>();
    expect(validStateClass(ValidState)).toBe('notOk');
    const record = await fileRecord(db, FileId);
    expect(record).toMatchObject({
      kind: TACHO_KINDS.driver,
      requestId: request.id,
      size: garbage.length,
      licensePlate: null,
      driverName: null,
    });
    expect(record.periodTo.toISOString()).toBe(TACHO_UNKNOWN_PERIOD);
    expect(record.bytes?.equals(garbage)).toBe(true);
    const entries = await db.select().from(logs).where(gt(logs.id, since));
    expect(entries.map((e) => [e.level, e.message, e.customerId])).toContainEqual([
      'Warning',
      expect.stringContaining(
        `Tachograph file ${FileId} from IMEI ${device.imei} could not be read`,
      ),
      device.customerId,
    ]);
  });

  it('keeps a truncated file and an empty one, with not-ok states', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 6);
    const whole = vehicleFile(2, 'UP-TRUNC');
    for (const bytes of [whole.subarray(0, Math.floor(whole.length / 2)), new Uint8Array(0)]) {
      const response = await upload(api.ctx, device.imei, bytes, { query: 'kind=1' });
      expect(response.statusCode).toBe(200);
      const { FileId, ValidState } = response.json<{ FileId: number; ValidState: number }>();
      expect(validStateClass(ValidState)).toBe('notOk');
      const record = await fileRecord(api.ctx.database.db, FileId);
      expect(record.size).toBe(bytes.length);
      expect(record.kind).toBe(TACHO_KINDS.vehicle);
    }
  });

  it('refuses a wrong signature, an unsigned upload and an unknown IMEI with 401, storing nothing', async () => {
    const db = api.ctx.database.db;
    const device = await deviceOf(api.ctx, 'Atlas Freight', 7);
    const before = await fileCount(db);
    const bytes = vehicleFile(1, 'UP-REFUSED');
    const wrong = await upload(api.ctx, device.imei, bytes, { credential: 'not-the-credential' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: DEVICE_REJECTED_MESSAGE });
    const unknown = await upload(api.ctx, '350000000000999', bytes);
    expect(unknown.json()).toEqual({ message: DEVICE_REJECTED_MESSAGE });
    const unsigned = await upload(api.ctx, device.imei, bytes, { credential: null });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json<{ message: string }>().message).toMatch(/not signed/);
    const stale = await upload(api.ctx, device.imei, bytes, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.statusCode).toBe(401);
    // A signature over other bytes (the file changed on the way) is wrong too.
    const credential = api.ctx.deviceCredentials.get(device.imei) ?? '';
    const tampered = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/devices/files',
      headers: { 'x-imei': device.imei, ...signDeviceMessage(credential, Buffer.from(bytes)) },
      payload: Buffer.concat([Buffer.from(bytes), Buffer.from([0])]),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await fileCount(db)).toBe(before);
  });

  it('stores nothing for a device that is gone or whose credential changed meanwhile', async () => {
    const db = api.ctx.database.db;
    const device = await deviceOf(api.ctx, 'Atlas Freight', 10);
    const before = await fileCount(db);
    const input = { bytes: vehicleFile(1, 'UP-GONE'), uploadedAt: new Date() };
    const rotated = { id: device.id, imei: device.imei, credential: 'sealed-before-rotation' };
    expect(await storeTachoFile(db, { ...input, device: rotated })).toBeNull();
    expect(await storeTachoFile(db, { ...input, device: { id: 999_999, imei: '1' } })).toBeNull();
    expect(await fileCount(db)).toBe(before);
  });

  it('answers 400 without an IMEI and for a bad ?kind', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 7);
    const noImei = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/devices/files',
      headers: {
        'x-device-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-device-signature': '0'.repeat(64),
      },
      payload: Buffer.from('x'),
    });
    expect(noImei.statusCode).toBe(400);
    const badKind = await upload(api.ctx, device.imei, new Uint8Array([1]), { query: 'kind=3' });
    expect(badKind.statusCode).toBe(400);
  });

  it("records its own request as received, and ignores another device's", async () => {
    const db = api.ctx.database.db;
    const mine = await deviceOf(api.ctx, 'Atlas Freight', 8);
    const other = await deviceOf(api.ctx, 'Hansen Transport', 8);
    const own = await addTachoRequest(db, mine.id, TACHO_KINDS.vehicle);
    const foreign = await addTachoRequest(db, other.id, TACHO_KINDS.vehicle);

    const stray = await upload(api.ctx, mine.imei, vehicleFile(1, 'UP-REQ'), {
      query: `request=${foreign.modemRequestId}`,
    });
    expect(stray.statusCode).toBe(200);
    expect((await fileRecord(db, stray.json<{ FileId: number }>().FileId)).requestId).toBeNull();
    expect(await requestRow(db, foreign.id)).toMatchObject({ fileId: null, received: null });

    const answer = await upload(api.ctx, mine.imei, vehicleFile(1, 'UP-REQ'), {
      query: `request=${own.modemRequestId}`,
    });
    const { FileId } = answer.json<{ FileId: number }>();
    const row = await requestRow(db, own.id);
    expect(row.fileId).toBe(FileId);
    expect(row.received).toBeInstanceOf(Date);
    expect((await fileRecord(db, FileId)).requestId).toBe(own.id);
    const [modem] = await db
      .select()
      .from(modemRequests)
      .where(eq(modemRequests.id, own.modemRequestId));
    expect(modem?.executed).toBeInstanceOf(Date);
  });

  it('replaces the latest download of a plate only with a later or equal period', async () => {
    const db = api.ctx.database.db;
    const device = await deviceOf(api.ctx, 'Atlas Freight', 9);
    const fileOf = async (periodTo: Date) =>
      (await upload(api.ctx, device.imei, vehicleFile(2, 'UP-LATEST', periodTo))).json<{
        FileId: number;
      }>().FileId;
    const middle = await fileOf(days(-10));
    expect((await latestOf(db, 'UP-LATEST'))[0]?.fileId).toBe(middle);
    await fileOf(days(-30)); // late upload of older data
    expect((await latestOf(db, 'UP-LATEST'))[0]?.fileId).toBe(middle);
    const newer = await fileOf(days(-2));
    const latest = await latestOf(db, 'UP-LATEST');
    expect(latest).toHaveLength(1);
    expect(latest[0]?.fileId).toBe(newer);
  });
});
