import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import type { TachoFileRow, TachoStateGraph } from '@shared/tacho/tacho-lists';
import { customers } from '@server/db/schema';
import { ADMIN, RESELLER, USER, VIEWER, apiCaller } from '@server/test/api';
import { createTestContext } from '@server/test/harness';
import { insertTachoFile } from '@server/test/tacho-files';
import { seedTachoScenario } from '@server/test/tacho-scenario';

const ctx = await createTestContext();
const call = apiCaller(ctx);
const scenario = await seedTachoScenario(ctx);
afterAll(() => ctx.close());

const DAY = 86_400_000;
const dateAgo = (days: number) => new Date(scenario.now - days * DAY).toISOString().slice(0, 10);
const names = (rows: TachoFileRow[]) => rows.map((r) => r.FileName);

async function panel(email: string, path: string): Promise<TachoFileRow[]> {
  const response = await call(email, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TachoFileRow[]>();
}

describe('GET rtddata/{fileId}', () => {
  it('answers the bytes as an attachment under the FileName', async () => {
    const response = await call(
      VIEWER,
      'GET',
      tachoApiPaths.tachoFile(scenario.files['AT-100/1'] ?? 0),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment; filename=AT-100_1.ddd');
    expect([...response.rawPayload]).toEqual([0x76, 1, ...Buffer.from('AT-100/1')]);
  });

  it('encodes a name the header cannot carry as it is', async () => {
    const id = await insertTachoFile(ctx.database.db, {
      kind: 2,
      customerId: scenario.customers.atlas,
      driverName: 'Zoë',
      fileName: 'C_Zoë "x".ddd',
      periodFrom: new Date(scenario.now - 10 * DAY),
      periodTo: new Date(scenario.now - 9 * DAY),
      bytes: new Uint8Array([1, 2, 3]),
    });
    const response = await call(USER, 'GET', tachoApiPaths.tachoFile(id));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="C_Zo? \\"x\\".ddd"; filename*=UTF-8''C_Zo%C3%AB%20%22x%22.ddd`,
    );
  });

  it("answers another tenant's file and a missing one alike: 404", async () => {
    const foreign = await call(USER, 'GET', tachoApiPaths.tachoFile(scenario.files['HT-100'] ?? 0));
    const missing = await call(USER, 'GET', tachoApiPaths.tachoFile(9_000_000));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(
      (await call(RESELLER, 'GET', tachoApiPaths.tachoFile(scenario.files['HT-100'] ?? 0)))
        .statusCode,
    ).toBe(200);
    expect((await call(USER, 'GET', 'rtddata/0')).statusCode).toBe(400);
  });
});

describe('side panels: tachoobject/{plates}, tachodriver/{names}', () => {
  it('answers the plates’ files of the last 3 months by default, newest first', async () => {
    const files = await panel(USER, tachoApiPaths.tachoObjectFiles(['AT-100', 'AT-400', 'AT-300']));
    // AT-400 ended 100 days ago; AT-300's period is unknown, which no range excludes.
    expect(names(files)).toEqual(['AT-300.ddd', 'AT-100_1.ddd', 'AT-100_2.ddd', 'AT-100_3.ddd']);
  });

  it('takes from and to (a date is the whole day)', async () => {
    const path = `${tachoApiPaths.tachoObjectFiles(['AT-100'])}?from=${dateAgo(30)}&to=${dateAgo(10)}`;
    expect(names(await panel(USER, path))).toEqual(['AT-100_2.ddd', 'AT-100_3.ddd']);
    const wide = `${tachoApiPaths.tachoObjectFiles(['AT-400', 'AT-200'])}?from=${dateAgo(200)}`;
    expect(names(await panel(USER, wide))).toEqual(['AT-400.ddd', 'AT-200.ddd']);
  });

  it('splits names on the commas between them only, and the last month for drivers', async () => {
    const files = await panel(USER, tachoApiPaths.tachoDriverFiles(['Jensen, Anna', 'Müller Max']));
    expect(names(files)).toEqual(['Max.ddd', 'Anna.ddd']);
  });

  it("never shows another tenant's files", async () => {
    expect(await panel(USER, tachoApiPaths.tachoObjectFiles(['HT-100', 'VG-100']))).toEqual([]);
    expect(names(await panel(ADMIN, tachoApiPaths.tachoObjectFiles(['HT-100', 'VG-100'])))).toEqual(
      ['VG-100.ddd', 'HT-100.ddd'],
    );
  });

  it('refuses too many or too long names and bad dates with 400 { errors }', async () => {
    const errors = async (path: string) => {
      const response = await call(USER, 'GET', path);
      expect(response.statusCode, path).toBe(400);
      return response.json<{ errors: Record<string, string> }>().errors;
    };
    const many = Array.from({ length: 51 }, (_, i) => `P${i}`);
    expect(await errors(tachoApiPaths.tachoObjectFiles(many))).toHaveProperty('plates');
    expect(await errors(tachoApiPaths.tachoDriverFiles(['x'.repeat(65)]))).toHaveProperty('names');
    expect(await errors(tachoApiPaths.tachoDriverFiles(['a', '']))).toHaveProperty('names');
    expect(await errors(`${tachoApiPaths.tachoObjectFiles(['A'])}?from=yesterday`)).toHaveProperty(
      'from',
    );
    expect(
      await errors(`${tachoApiPaths.tachoObjectFiles(['A'])}?from=2024-02-02&to=2024-02-01`),
    ).toHaveProperty('to');
    // The most the panel takes: 50 names of 64 characters in one path segment.
    const most = Array.from({ length: 50 }, (_, i) => String(i).padStart(64, 'P'));
    expect((await call(USER, 'GET', tachoApiPaths.tachoObjectFiles(most))).statusCode).toBe(200);
  });
});

describe('GET rtddata/stategraph', () => {
  it('counts the caller’s vehicles and drivers by law and by planned RDL', async () => {
    const graph = (await call(USER, 'GET', tachoApiPaths.tachoStateGraph)).json<TachoStateGraph>();
    expect(graph).toEqual({
      // AT-100 88 and AT-500 65 days left; AT-200 4; AT-400 -11 and AT-300 unknown.
      // Drivers: Anna 26 (+ Zoë of the download test: 21), Max 4.
      ByLaw: {
        Vehicles: { Available: 2, SoonAvailable: 1, NotOnSchedule: 2 },
        Drivers: { Available: 2, SoonAvailable: 1, NotOnSchedule: 0 },
      },
      // Next RDL: AT-100 in 27, AT-500 in 3 days; the rest past or unknown. Anna in 10, Zoë in 5,
      // Max 11 days ago.
      PlannedRdl: {
        Vehicles: { Available: 1, SoonAvailable: 1, NotOnSchedule: 3 },
        Drivers: { Available: 1, SoonAvailable: 1, NotOnSchedule: 1 },
      },
      SoonDays: 7,
    });
  });

  it("uses the caller's customer's request threshold as SoonDays", async () => {
    await ctx.database.db
      .update(customers)
      .set({ tachoRequestDays: 12 })
      .where(eq(customers.id, scenario.customers.atlas));
    const graph = (await call(USER, 'GET', tachoApiPaths.tachoStateGraph)).json<TachoStateGraph>();
    expect(graph.SoonDays).toBe(12);
    // Anna's next RDL in 10 days is now soon.
    expect(graph.PlannedRdl.Drivers).toEqual({ Available: 0, SoonAvailable: 2, NotOnSchedule: 1 });
    expect(graph.ByLaw.Vehicles).toEqual({ Available: 2, SoonAvailable: 1, NotOnSchedule: 2 });
  });

  it("counts a reseller's whole tree", async () => {
    const graph = (
      await call(RESELLER, 'GET', tachoApiPaths.tachoStateGraph)
    ).json<TachoStateGraph>();
    // HT-100, VG-100 and the 55 paging plates (10–15.4 days ago) are all Available by law.
    expect(graph.ByLaw.Vehicles).toEqual({ Available: 57, SoonAvailable: 0, NotOnSchedule: 0 });
    expect(graph.ByLaw.Drivers).toEqual({ Available: 0, SoonAvailable: 0, NotOnSchedule: 1 });
  });
});
