import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import type { TachoFileRow } from '@shared/tacho/tacho-lists';
import { ADMIN, apiCaller, deviceOf, useApiContext } from '@server/test/api';
import { days, fileRecord, upload } from '@server/test/device-files';
import { buildVehicleUnitFile, storedFileName } from './file-format';
import { storeTachoFile } from './store';

const api = useApiContext();

/** A vehicle unit download that names neither plate nor VIN (M_…_NoPlate_NoVIN). */
const anonymousFile = () =>
  buildVehicleUnitFile({
    generation: 1,
    vin: '',
    licensePlate: '',
    nation: 'NL',
    from: days(-29),
    to: days(-1),
  });

describe('the stored names of tachograph files', () => {
  it('differ for files uploaded in the same minute: the convention plus the file id', async () => {
    const db = api.ctx.database.db;
    const at = new Date('2026-11-24T15:30:12.000Z');
    const atlas = await deviceOf(api.ctx, 'Atlas Freight', 3);
    const hansen = await deviceOf(api.ctx, 'Hansen Transport', 3);
    const bytes = anonymousFile();
    const stored = [];
    for (const device of [atlas, hansen, atlas]) {
      const file = await storeTachoFile(db, {
        device: { id: device.id, imei: device.imei },
        bytes,
        uploadedAt: at,
      });
      if (!file) throw new Error('not stored');
      stored.push(file.fileId);
    }
    const names = await Promise.all(stored.map(async (id) => (await fileRecord(db, id)).fileName));
    expect(names).toEqual(stored.map((id) => `M_20261124_1530_NoPlate_NoVIN_${String(id)}.ddd`));
    expect(new Set(names).size).toBe(3);
  });

  it('are what the lists answer and the download is saved under, upload after upload', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 4);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await upload(api.ctx, device.imei, anonymousFile());
      expect(response.statusCode, response.body).toBe(200);
      ids.push(response.json<{ FileId: number }>().FileId);
    }
    const call = apiCaller(api.ctx);
    const list = await call(ADMIN, 'GET', tachoApiPaths.tachoFiles(1));
    const rows = list.json<TachoFileRow[]>().filter((r) => ids.includes(r.Id));
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => r.FileName);
    expect(first).not.toBe(second);
    for (const row of rows) {
      expect(row.FileName).toMatch(
        new RegExp(`^M_\\d{8}_\\d{4}_NoPlate_NoVIN_${String(row.Id)}\\.ddd$`),
      );
      const file = await call(ADMIN, 'GET', tachoApiPaths.tachoFile(row.Id));
      expect(parse(String(file.headers['content-disposition'])).parameters.filename).toBe(
        row.FileName,
      );
    }
  });

  it('keep the id whole when the convention’s part is long', () => {
    const long = `C_20261124_1530_U_${'x'.repeat(200)}.ddd`;
    const name = storedFileName(long, 987_654_321);
    expect(name).toMatch(/^C_20261124_1530_U_x+_987654321\.ddd$/);
    expect(name.length).toBe(120);
    expect(storedFileName('M_20261124_1530_AB123_VIN.ddd', 7)).toBe(
      'M_20261124_1530_AB123_VIN_7.ddd',
    );
  });
});
