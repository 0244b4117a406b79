import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import { TACHO_PAGE_SIZE, type TachoFileRow, type TachoLatestRow } from '@shared/tacho/tacho-lists';
import { ADMIN, RESELLER, USER, VIEWER, apiCaller } from '@server/test/api';
import { createTestContext } from '@server/test/harness';
import { seedTachoScenario } from '@server/test/tacho-scenario';

const ctx = await createTestContext();
const call = apiCaller(ctx);
const scenario = await seedTachoScenario(ctx);
afterAll(() => ctx.close());

/** Blue Line Buses lacks the 'Tacho Download' feature. */
const WITHOUT_FEATURE = 'fleet@bluelinebuses.example';

async function rows<T = TachoFileRow>(email: string, path: string): Promise<T[]> {
  const response = await call(email, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T[]>();
}

const plates = (list: { LicensePlate: string | null }[]) => list.map((r) => r.LicensePlate);
const ids = (list: { Id: number }[]) => list.map((r) => r.Id);
const descending = (list: number[]) => [...list].sort((a, b) => b - a);

describe('rtddata download lists', () => {
  it('answers one kind of the caller’s records, newest first, with a count', async () => {
    const vehicles = await rows(USER, tachoApiPaths.tachoFiles(1));
    expect(plates(vehicles).sort()).toEqual(
      ['AT-100', 'AT-100', 'AT-100', 'AT-200', 'AT-300', 'AT-400', 'AT-500'].sort(),
    );
    expect(ids(vehicles)).toEqual(descending(ids(vehicles)));
    expect(vehicles.every((r) => r.CustomerId === scenario.customers.atlas)).toBe(true);
    expect(vehicles[0]?.Customer).toBe('Atlas Freight');
    expect(vehicles.map((r) => r.IMEI)).not.toContain(null);

    const drivers = await rows(USER, tachoApiPaths.tachoFiles(2));
    expect(drivers.map((r) => r.Name).sort()).toEqual(['Jensen, Anna', 'Müller Max']);
    expect(drivers.every((r) => r.LicensePlate === null)).toBe(true);

    expect((await call(USER, 'GET', tachoApiPaths.tachoFilesCount(1))).json()).toBe(7);
    expect((await call(USER, 'GET', tachoApiPaths.tachoFilesCount(2))).json()).toBe(2);
    expect((await call(RESELLER, 'GET', tachoApiPaths.tachoFilesCount(1))).json()).toBe(57);
    expect((await call(ADMIN, 'GET', tachoApiPaths.tachoFilesCount(1))).json()).toBe(64);
  });

  it('pages by the last id without skipping or repeating', async () => {
    const first = await rows(RESELLER, tachoApiPaths.tachoFiles(1));
    expect(first).toHaveLength(TACHO_PAGE_SIZE);
    const last = first.at(-1)?.Id;
    const second = await rows(RESELLER, tachoApiPaths.tachoFilesChunk(1, last));
    // Hansen's 56 and Vega's one (Vega is in NordTrack's tree; the feature is the caller's).
    expect(second).toHaveLength(7);
    const all = [...ids(first), ...ids(second)];
    expect(new Set(all).size).toBe(57);
    expect(all).toEqual(descending(all));
    expect([...first, ...second].some((r) => r.Customer === 'Atlas Freight')).toBe(false);
    expect(await rows(RESELLER, tachoApiPaths.tachoFilesChunk(1, second.at(-1)?.Id))).toEqual([]);
  });

  it('searches each field, contains and case-insensitive, within a customer and with ?after=', async () => {
    const search = (kind: number, field: string, text: string, customer?: number, after?: number) =>
      rows(USER, tachoApiPaths.tachoFilesSearch(kind, field, text, customer, after));
    expect(plates(await search(1, 'LicensePlate', 'at-2'))).toEqual(['AT-200']);
    expect(plates(await search(1, 'VIN', 'vinat400'))).toEqual(['AT-400']);
    const imei = scenario.devices.atlas1.imei;
    expect(plates(await search(1, 'IMEI', imei.slice(-8))).sort()).toEqual([
      'AT-200',
      'AT-300',
      'AT-400',
      'AT-500',
    ]);
    expect((await search(2, 'Name', 'müller')).map((r) => r.Name)).toEqual(['Müller Max']);
    expect((await search(2, 'CardNumber', '0000001')).map((r) => r.Name)).toEqual(['Jensen, Anna']);
    // Another tenant's rows never match, and wildcards are literal.
    expect(await search(1, 'LicensePlate', 'HT-')).toEqual([]);
    expect(await search(1, 'LicensePlate', '%')).toEqual([]);

    const hansen = scenario.customers.hansen;
    const page = await rows(
      RESELLER,
      tachoApiPaths.tachoFilesSearch(1, 'LicensePlate', 'hp-', hansen),
    );
    expect(page).toHaveLength(TACHO_PAGE_SIZE);
    const rest = await rows(
      RESELLER,
      tachoApiPaths.tachoFilesSearch(1, 'LicensePlate', 'hp-', hansen, page.at(-1)?.Id),
    );
    expect(rest).toHaveLength(5);
    expect(
      (await call(USER, 'GET', tachoApiPaths.tachoFilesSearch(1, 'Plate', 'a'))).statusCode,
    ).toBe(400);
  });

  it('lists one customer’s records; another tenant’s customer is 404', async () => {
    const vega = await rows(ADMIN, tachoApiPaths.tachoFilesOfCustomer(1, scenario.customers.vega));
    expect(plates(vega)).toEqual(['VG-100']);
    const hansen = await rows(
      RESELLER,
      tachoApiPaths.tachoFilesOfCustomer(2, scenario.customers.hansen),
    );
    expect(hansen.map((r) => r.Name)).toEqual(['Hansen Ole']);
    const foreign = await call(
      USER,
      'GET',
      tachoApiPaths.tachoFilesOfCustomer(1, scenario.customers.hansen),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('needs ?type= 1 or 2 (400 { errors: { type } })', async () => {
    for (const path of ['rtddata/', 'rtddata/?type=3', 'rtddata/all/?type=x', 'rtddata/latest/']) {
      const response = await call(USER, 'GET', path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json<{ errors: Record<string, string> }>().errors.type).toMatch(/Type must/);
    }
  });

  it('is read by Viewers, refused without the Tacho Download feature', async () => {
    expect(await rows(VIEWER, tachoApiPaths.tachoFiles(1))).toHaveLength(7);
    for (const path of [
      tachoApiPaths.tachoFiles(1),
      tachoApiPaths.tachoLatest(1),
      tachoApiPaths.tachoStateGraph,
    ]) {
      expect((await call(WITHOUT_FEATURE, 'GET', path)).statusCode, path).toBe(403);
    }
  });
});

describe('rtddata/latest overviews', () => {
  it('answers the latest record per plate, most urgent first', async () => {
    const latest = await rows<TachoLatestRow>(USER, tachoApiPaths.tachoLatest(1));
    expect(plates(latest)).toEqual(['AT-300', 'AT-400', 'AT-200', 'AT-500', 'AT-100']);
    const at100 = latest.at(-1);
    expect(at100?.FileId).toBe(scenario.files['AT-100/1']);
    expect(at100?.Id).not.toBe(at100?.FileId);
    expect(at100?.TimeStampFrom).toBeDefined();
    expect(latest[0]?.TimeStampTo).toBe('1990-01-01T00:00:00.000Z');
    const drivers = await rows<TachoLatestRow>(USER, tachoApiPaths.tachoLatest(2));
    expect(drivers.map((r) => r.Name)).toEqual(['Müller Max', 'Jensen, Anna']);
    expect((await call(USER, 'GET', tachoApiPaths.tachoLatestCount(1))).json()).toBe(5);
  });

  it('pages in that order by the last row’s id', async () => {
    const first = await rows<TachoLatestRow>(RESELLER, tachoApiPaths.tachoLatest(1));
    expect(first).toHaveLength(TACHO_PAGE_SIZE);
    const second = await rows<TachoLatestRow>(
      RESELLER,
      tachoApiPaths.tachoLatestChunk(1, first.at(-1)?.Id),
    );
    const all = [...first, ...second];
    expect(all).toHaveLength(57);
    const ends = all.map((r) => Date.parse(r.TimeStampTo));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(plates(all).slice(0, 2)).toEqual(['HP-54', 'HP-53']);
    expect(plates(all).at(-1)).toBe('HT-100');
    // A cursor of another tenant's row ends the list rather than revealing its position.
    const foreign = await rows<TachoLatestRow>(USER, tachoApiPaths.tachoLatest(1));
    expect(await rows(RESELLER, tachoApiPaths.tachoLatestChunk(1, foreign[0]?.Id))).toEqual([]);
  });

  it('searches and lists a customer like the download lists', async () => {
    const found = await rows<TachoLatestRow>(
      USER,
      tachoApiPaths.tachoLatestSearch(1, 'LicensePlate', '00'),
    );
    expect(plates(found)).toEqual(['AT-300', 'AT-400', 'AT-200', 'AT-500', 'AT-100']);
    const card = await rows<TachoLatestRow>(
      USER,
      tachoApiPaths.tachoLatestSearch(2, 'CardNumber', 'de0'),
    );
    expect(card.map((r) => r.Name)).toEqual(['Müller Max']);
    const imei = scenario.devices.atlas1.imei;
    const byImei = await rows<TachoLatestRow>(
      USER,
      tachoApiPaths.tachoLatestSearch(1, 'IMEI', imei),
    );
    expect(plates(byImei)).toEqual(['AT-300', 'AT-400', 'AT-200', 'AT-500']);
    const byVin = await rows<TachoLatestRow>(
      USER,
      tachoApiPaths.tachoLatestSearch(1, 'VIN', 'at500'),
    );
    expect(plates(byVin)).toEqual(['AT-500']);
    const page = await rows<TachoLatestRow>(
      RESELLER,
      tachoApiPaths.tachoLatestSearch(1, 'LicensePlate', 'HP', scenario.customers.hansen),
    );
    const rest = await rows<TachoLatestRow>(
      RESELLER,
      tachoApiPaths.tachoLatestSearch(
        1,
        'LicensePlate',
        'HP',
        scenario.customers.hansen,
        page.at(-1)?.Id,
      ),
    );
    expect(page.length + rest.length).toBe(55);
    const vega = await rows<TachoLatestRow>(
      ADMIN,
      tachoApiPaths.tachoLatestOfCustomer(1, scenario.customers.vega),
    );
    expect(plates(vega)).toEqual(['VG-100']);
    expect(
      (await call(USER, 'GET', tachoApiPaths.tachoLatestOfCustomer(1, scenario.customers.vega)))
        .statusCode,
    ).toBe(404);
  });
});

describe('the overview rows’ copy of their record', () => {
  it('follows a record changed afterwards', async () => {
    const id = scenario.files['AT-500'] ?? 0;
    await ctx.database.db.execute(sql`update tacho_files set valid_state = 3 where id = ${id}`);
    const latest = await rows<TachoLatestRow>(USER, tachoApiPaths.tachoLatest(1));
    expect(latest.find((r) => r.FileId === id)).toMatchObject({
      ValidState: 3,
      FileName: 'AT-500.ddd',
      VIN: 'VINAT500X',
    });
  });
});

describe('the download lists’ counts', () => {
  it('follow records as they are added, moved to another customer and removed', async () => {
    const count = async (email: string) =>
      (await call(email, 'GET', tachoApiPaths.tachoFilesCount(1))).json<number>();
    const { db } = ctx.database;
    const id = scenario.files['AT-400'] ?? 0;
    await db.execute(
      sql`update tacho_files set customer_id = ${scenario.customers.hansen} where id = ${id}`,
    );
    expect([await count(USER), await count(RESELLER), await count(ADMIN)]).toEqual([6, 58, 64]);
    await db.execute(sql`delete from tacho_files where id = ${id}`);
    expect([await count(USER), await count(RESELLER), await count(ADMIN)]).toEqual([6, 57, 63]);
  });
});
