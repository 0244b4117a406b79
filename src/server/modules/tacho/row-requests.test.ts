import { afterAll, describe, expect, it } from 'vitest';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import type { TachoFileRow } from '@shared/tacho/tacho-lists';
import { RESELLER, USER, apiCaller } from '@server/test/api';
import { createTestContext } from '@server/test/harness';
import { insertTachoFile, insertTachoRequest } from '@server/test/tacho-files';
import { seedTachoScenario } from '@server/test/tacho-scenario';

/**
 * The Request column (issue 25): each download row shows the remote download request that
 * belongs to it (the one its file answered, or on the newest file the one on its way), never
 * the device's latest request on every old row.
 */
const ctx = await createTestContext();
const call = apiCaller(ctx);
const scenario = await seedTachoScenario(ctx);
afterAll(() => ctx.close());

async function rows(email: string, path: string): Promise<TachoFileRow[]> {
  const response = await call(email, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TachoFileRow[]>();
}

describe('the request of each tacho row', () => {
  it('shows on each row the request that belongs to it, on old rows none', async () => {
    const vehicles = await rows(USER, tachoApiPaths.tachoFiles(1));
    const request = (id: number | undefined) => vehicles.find((r) => r.Id === id)?.Request;
    const { files } = scenario;
    // AT-100's newest file answered its request; the device's older files asked for nothing.
    expect(request(files['AT-100/1'])).toMatchObject({ Progress: 'received', RequestedBy: 'user' });
    expect(request(files['AT-100/2'])).toBeNull();
    expect(request(files['AT-100/3'])).toBeNull();
    // The request on its way (sent) goes with atlas1's newest file only, not its older plates.
    expect(request(files['AT-500'])).toMatchObject({ Progress: 'sent', RequestedBy: 'user' });
    for (const old of ['AT-200', 'AT-300', 'AT-400']) expect(request(files[old]), old).toBeNull();
    const drivers = await rows(USER, tachoApiPaths.tachoFiles(2));
    expect(drivers.find((r) => r.Name === 'Jensen, Anna')?.Request).toMatchObject({
      Progress: 'requested',
      RequestedBy: 'scheduler',
    });
    expect(drivers.find((r) => r.Name === 'Müller Max')?.Request).toBeNull();
  });

  it('shows the same rule on the overviews and in the side panels', async () => {
    const progressByPlate = (list: readonly TachoFileRow[]) =>
      Object.fromEntries(list.map((r) => [r.LicensePlate ?? '', r.Request?.Progress] as const));
    expect(progressByPlate(await rows(USER, tachoApiPaths.tachoLatest(1)))).toMatchObject({
      'AT-100': 'received',
      'AT-200': undefined,
      'AT-500': 'sent',
    });
    const panel = await rows(USER, tachoApiPaths.tachoObjectFiles(['AT-100', 'AT-200']));
    expect(panel.map((r) => [r.FileName, r.Request?.Progress ?? null])).toEqual([
      ['AT-200.ddd', null],
      ['AT-100_1.ddd', 'received'],
      ['AT-100_2.ddd', null],
      ['AT-100_3.ddd', null],
    ]);
    const drivers = await rows(USER, tachoApiPaths.tachoLatest(2));
    expect(drivers.find((r) => r.Name === 'Jensen, Anna')?.Request?.Progress).toBe('requested');
    expect(drivers.find((r) => r.Name === 'Müller Max')?.Request).toBeNull();
    const anna = await rows(USER, tachoApiPaths.tachoDriverFiles(['Jensen, Anna']));
    expect(anna[0]?.Request?.Progress).toBe('requested');
  });

  it('moves an open request to the newest file when one arrives, keeping the answered one', async () => {
    const { db } = ctx.database;
    const device = scenario.devices.hansen0;
    const subject = { kind: 1 as const, customerId: scenario.customers.hansen };
    const DAY = 86_400_000;
    const period = {
      periodFrom: new Date(Date.now() - 9 * DAY),
      periodTo: new Date(Date.now() - 2 * DAY),
    };
    const base = { ...subject, ...period, deviceId: device.id, imei: device.imei };
    const first = await insertTachoFile(db, {
      ...base,
      licensePlate: 'RQ-1',
      fileName: 'RQ-1.ddd',
    });
    const answered = await insertTachoRequest(db, { deviceId: device.id, kind: 1, fileId: first });
    const second = await insertTachoFile(db, {
      ...base,
      licensePlate: 'RQ-1',
      fileName: 'RQ-2.ddd',
    });
    const open = await insertTachoRequest(db, { deviceId: device.id, kind: 1 });
    const shown = async () => {
      const list = await rows(RESELLER, tachoApiPaths.tachoFilesSearch(1, 'LicensePlate', 'RQ-1'));
      return Object.fromEntries(list.map((r) => [r.FileName, r.Request?.Id ?? null]));
    };
    expect(await shown()).toEqual({ 'RQ-1.ddd': answered, 'RQ-2.ddd': open });
    // A file that does not answer it arrives: the open request was made before it, so no row
    // claims it any longer; the answered one stays with its file.
    await insertTachoFile(db, {
      ...base,
      licensePlate: 'RQ-1',
      fileName: 'RQ-3.ddd',
      uploadedAt: new Date(Date.now() + 60_000),
    });
    expect(await shown()).toEqual({ 'RQ-1.ddd': answered, 'RQ-2.ddd': null, 'RQ-3.ddd': null });
    expect(second).toBeGreaterThan(first);
  });
});
