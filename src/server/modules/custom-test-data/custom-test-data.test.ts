import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { libraryApiPaths as paths } from '@shared/libraries/api-paths-libraries';
import * as C from '@shared/libraries/custom-test-data';
import { ID_MESSAGE } from '@shared/api/ids';
import { CUSTOM_TEST_DATA_FILE, FILE_EMPTY } from '@shared/libraries/library-files';
import { CUSTOMER_NOT_FOUND } from '@server/auth/tenancy';
import { ACCESS_DENIED, VIEWERS_READ_ONLY } from '@server/auth/access';
import { customTestData } from '@server/db/schema';
import { NOT_MULTIPART } from '@server/http/multipart';
import { ADMIN, customerId, RESELLER, USER, useApiContext, VIEWER } from '@server/test/api';
import { fileBytes, libraryForm, sha256 } from '@server/test/library-forms';

// Custom test data (issue 14 item 4): the list and downloads per tenancy, admin uploads, removal.
const api = useApiContext();

const list = async (email: string) => {
  const response = await api.call(email, 'GET', paths.customTestDataList);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<C.CustomTestData[]>();
};
const customersOf = (rows: C.CustomTestData[]) => [...new Set(rows.map((r) => r.Customer))].sort();
const file = (name: string, bytes: Uint8Array) => ({
  part: CUSTOM_TEST_DATA_FILE.part,
  name,
  bytes,
});
const upload = (fields: Record<string, string | number>, sent?: ReturnType<typeof file>) =>
  api.call(ADMIN, 'POST', paths.customTestDataList, libraryForm(fields, sent));

describe('GET customtestdata/', () => {
  it("lists the files of the caller's tree: admins all, a reseller its tree, others their own", async () => {
    expect(customersOf(await list(ADMIN))).toEqual([
      'Atlas Freight',
      'Blue Line Buses',
      'Hansen Transport',
      'NordTrack Resellers',
      'Vega Logistics',
    ]);
    expect(customersOf(await list(RESELLER))).toEqual([
      'Hansen Transport',
      'NordTrack Resellers',
      'Vega Logistics',
    ]);
    const own = await list(USER);
    expect(customersOf(own)).toEqual(['Atlas Freight']);
    expect(await list(VIEWER)).toEqual(own);
    expect(own.map((r) => r.FileName)).toEqual([
      'atlas-freight-can-trace.csv',
      'atlas-freight-installation-checklist.txt',
    ]);
    expect(Object.keys(own[0] ?? {}).sort()).toEqual(
      ['Created', 'Customer', 'CustomerId', 'FileName', 'Id', 'Sha256', 'Size'].sort(),
    );
  });
});

describe('GET customtestdata/{id}', () => {
  it('answers the bytes as an attachment under the FileName, to Viewers too', async () => {
    const [row] = await list(USER);
    if (!row) throw new Error('no demo file');
    const response = await api.call(VIEWER, 'GET', paths.customTestData(row.Id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(parse(String(response.headers['content-disposition'])).parameters.filename).toBe(
      row.FileName,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.length).toBe(row.Size);
    expect(sha256(response.rawPayload)).toBe(row.Sha256);
    expect(response.rawPayload.toString()).toMatch(/^Timestamp,SpeedKmh/);
  });

  it("answers another tenant's file like a missing one: 404; a bad id is 400", async () => {
    const hansen = (await list(ADMIN)).find((r) => r.Customer === 'Hansen Transport');
    if (!hansen) throw new Error('no Hansen file');
    const foreign = await api.call(USER, 'GET', paths.customTestData(hansen.Id));
    const missing = await api.call(USER, 'GET', paths.customTestData(2_000_000_000));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.json()).toEqual({ message: C.CUSTOM_TEST_DATA_NOT_FOUND });
    expect((await api.call(RESELLER, 'GET', paths.customTestData(hansen.Id))).statusCode).toBe(200);
    for (const id of ['0', 'abc', '99999999999']) {
      const bad = await api.call(USER, 'GET', paths.customTestData(id));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errors: { id: ID_MESSAGE } });
    }
  });
});

describe('POST customtestdata/ (multipart)', () => {
  it('stores the file for the customer; its users see and download it', async () => {
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const bytes = fileBytes(5000, 7);
    const response = await upload({ CustomerId: atlas }, file('Zoë trace.bin', bytes));
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<C.CustomTestData>();
    expect(stored).toMatchObject({
      CustomerId: atlas,
      Customer: 'Atlas Freight',
      FileName: 'Zoë trace.bin',
      Size: 5000,
      Sha256: sha256(bytes),
    });
    expect((await list(USER)).find((r) => r.Id === stored.Id)).toEqual(stored);
    expect((await list(RESELLER)).some((r) => r.Id === stored.Id)).toBe(false);
    const download = await api.call(USER, 'GET', paths.customTestData(stored.Id));
    expect([...download.rawPayload]).toEqual([...bytes]);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Zo? trace.bin"; filename*=UTF-8''Zo%C3%AB%20trace.bin`,
    );
  });

  it('answers every field message at once, as { errors: { field: message } }', async () => {
    expect((await upload({})).json()).toEqual({
      errors: { CustomerId: C.CUSTOMER_REQUIRED, File: CUSTOM_TEST_DATA_FILE.requiredMessage },
    });
    const vega = await customerId(api.ctx, 'Vega Logistics');
    for (const CustomerId of ['abc', '0', '-3', '']) {
      const response = await upload({ CustomerId }, file('a.csv', fileBytes(10)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: { CustomerId: C.CUSTOMER_REQUIRED } });
    }
    const empty = await upload({ CustomerId: vega }, file('empty.csv', new Uint8Array()));
    expect(empty.json()).toEqual({ errors: { File: FILE_EMPTY } });
    const json = await api.call(ADMIN, 'POST', paths.customTestDataList, { CustomerId: vega });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ errors: { _: NOT_MULTIPART } });
  });

  it('takes any format, but one file of a name (any case) per customer', async () => {
    const vega = await customerId(api.ctx, 'Vega Logistics');
    const hansen = await customerId(api.ctx, 'Hansen Transport');
    const first = await upload({ CustomerId: vega }, file('Route.PDF', fileBytes(64)));
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload({ CustomerId: vega }, file('route.pdf', fileBytes(64, 2)));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: { File: C.CUSTOM_TEST_DATA_TAKEN } });
    const other = await upload({ CustomerId: hansen }, file('route.pdf', fileBytes(64, 3)));
    expect(other.statusCode, other.body).toBe(200);
    const noExtension = await upload({ CustomerId: hansen }, file('README', fileBytes(8)));
    expect(noExtension.statusCode, noExtension.body).toBe(200);
  });

  it('accepts a file of exactly the limit', async () => {
    const blue = await customerId(api.ctx, 'Blue Line Buses');
    const bytes = fileBytes(CUSTOM_TEST_DATA_FILE.maxBytes, 5);
    const response = await upload({ CustomerId: blue }, file('full.bin', bytes));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<C.CustomTestData>().Sha256).toBe(sha256(bytes));
  });

  it('refuses an unknown customer with 404, and every caller but admins with 403', async () => {
    const before = await api.ctx.database.db.$count(customTestData);
    const unknown = await upload({ CustomerId: 2_000_000 }, file('x.csv', fileBytes(10)));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: CUSTOMER_NOT_FOUND });
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const form = () => libraryForm({ CustomerId: atlas }, file('mine.csv', fileBytes(10)));
    for (const email of [USER, RESELLER]) {
      const refused = await api.call(email, 'POST', paths.customTestDataList, form());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: ACCESS_DENIED });
    }
    const viewer = await api.call(VIEWER, 'POST', paths.customTestDataList, form());
    expect(viewer.statusCode).toBe(403);
    expect([ACCESS_DENIED, VIEWERS_READ_ONLY]).toContain(
      viewer.json<{ message: string }>().message,
    );
    expect(await api.ctx.database.db.$count(customTestData)).toBe(before);
  });
});

describe('DELETE customtestdata/{id}', () => {
  it('removes the file (admins) and answers it; then it is gone', async () => {
    const [row] = await list(USER);
    if (!row) throw new Error('no demo file');
    const path = paths.customTestData(row.Id);
    for (const email of [USER, RESELLER, VIEWER])
      expect((await api.call(email, 'DELETE', path)).statusCode).toBe(403);
    const removed = await api.call(ADMIN, 'DELETE', path);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual(row);
    expect((await list(USER)).some((r) => r.Id === row.Id)).toBe(false);
    expect((await api.call(USER, 'GET', path)).statusCode).toBe(404);
    expect((await api.call(ADMIN, 'DELETE', path)).json()).toEqual({
      message: C.CUSTOM_TEST_DATA_NOT_FOUND,
    });
    const bad = await api.call(ADMIN, 'DELETE', paths.customTestData('x'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { id: ID_MESSAGE } });
  });
});
