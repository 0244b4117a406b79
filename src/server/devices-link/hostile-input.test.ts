import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorableText } from '@shared/devices/device-link';
import { selectRows } from '@server/db/client';
import { createTestContext, type TestContext } from '@server/test/harness';
import { deviceRow, post, rawOf, someDevices, type FleetDevice } from '@server/test/device-link';

let ctx: TestContext;
let fleet: FleetDevice[];
beforeAll(async () => {
  ctx = await createTestContext();
  fleet = await someDevices(ctx.database.db, 12, 80);
});
afterAll(() => ctx.close());

const device = (i: number): FleetDevice => {
  const d = fleet[i];
  if (!d) throw new Error(`no test device ${i}`);
  return d;
};

async function stateBytes(id: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    ctx.database.db,
    sql`select octet_length(state::text) as n from devices where id = ${id}`,
  );
  return Number(row?.n);
}

/** Posts the hostile message together with two ordinary companions, so they share a batch. */
async function withCompanions(body: string, companions: [FleetDevice, FleetDevice]) {
  const [hostile, ...others] = await Promise.all([
    post(ctx, body),
    ...companions.map((d) => post(ctx, { IMEI: d.imei, Speed: 42 })),
  ]);
  for (const response of others) expect(response.statusCode).toBe(200);
  for (const d of companions) expect((await deviceRow(ctx.database.db, d.id)).state.Speed).toBe(42);
  return hostile;
}

describe('hostile device messages', () => {
  it('keeps the state small whatever a message carries; the raw message keeps it all', async () => {
    const d = device(0);
    const sizeBefore = await stateBytes(d.id);
    let body = '';
    for (let round = 0; round < 5; round++) {
      const extras = Object.fromEntries(
        Array.from({ length: 20_000 }, (_, i) => [`field_${round}_${i}`, `value ${i}`]),
      );
      body = JSON.stringify({ IMEI: d.imei, Lat: 50 + round, ...extras });
      const response = await post(ctx, body);
      expect(response.statusCode).toBe(200);
    }
    expect(body.length).toBeGreaterThan(300_000);
    expect((await rawOf(ctx.database.db, d.id)).at(-1)?.message).toBe(body);
    // Only the documented telemetry fields, each size-capped: a few hundred bytes at most.
    expect(await stateBytes(d.id)).toBeLessThan(Math.max(sizeBefore, 200) + 600);
    expect((await deviceRow(ctx.database.db, d.id)).state.Lat).toBe(54);

    const detail = await ctx.app.inject({
      url: `/api/devices/${d.id}`,
      headers: await ctx.authHeader('admin@demo.test'),
    });
    expect(detail.statusCode).toBe(200);
    expect(Object.keys(detail.json<{ State: object }>().State).length).toBeLessThan(20);
    expect(detail.body.length).toBeLessThan(20_000);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'stores a message with a key named %s without disturbing its batch',
    async (key) => {
      const index = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'].indexOf(
        key,
      );
      const [d, a, b] = [device(1 + index), device(6), device(7)];
      const body = `{"IMEI":"${d.imei}","${key}":{"Lat":1},"Ack":{"${key}":[1]},"Lat":2}`;
      const scalar = `{"IMEI":"${d.imei}","${key}":"x","Speed":3}`;
      for (const text of [body, scalar]) {
        const response = await withCompanions(text, [a, b]);
        expect(response.statusCode).toBe(200);
        expect((await rawOf(ctx.database.db, d.id)).at(-1)?.message).toBe(text);
      }
      const state = (await deviceRow(ctx.database.db, d.id)).state;
      expect(state).toMatchObject({ Lat: 2, Speed: 3 });
      expect(Object.hasOwn(state, key)).toBe(false);
    },
  );

  it('stores a message with NUL or a lone surrogate in a string field, leaving it out of the state', async () => {
    const [d, a, b] = [device(8), device(9), device(10)];
    for (const bad of ['\\u0000', '\\ud800', '\\udfff', 'A\\u0000\\ud83d']) {
      const body = `{"IMEI":"${d.imei}","VIN":"${bad}","Timestamp":"${bad}","Ibutton":"${bad}","Note":"${bad}","Lat":3}`;
      const response = await withCompanions(body, [a, b]);
      expect(response.statusCode).toBe(200);
      expect((await rawOf(ctx.database.db, d.id)).at(-1)?.message).toBe(body);
    }
    const state = (await deviceRow(ctx.database.db, d.id)).state;
    expect(state.Lat).toBe(3);
    for (const field of ['VIN', 'Timestamp', 'Ibutton'])
      expect(isStorableText(String(state[field]))).toBe(true);
  });

  it('answers 400 to an IMEI with NUL, a lone surrogate or other than digits', async () => {
    const [a, b] = [device(9), device(10)];
    const imei = device(11).imei;
    for (const bad of [`${imei}\\u0000`, `${imei.slice(0, 10)}\\ud800`, '8616920400000x', '']) {
      const response = await withCompanions(`{"IMEI":"${bad}","Lat":4}`, [a, b]);
      expect(response.statusCode).toBe(400);
    }
    for (const header of ['abc', '1'.repeat(21), '12 34']) {
      const response = await post(ctx, 'not json', { headers: { 'x-imei': header } });
      expect(response.statusCode).toBe(400);
    }
    for (const query of [`imei=${imei}%00`, `imei=${imei}%ED%A0%80`, 'imei=%F0']) {
      const response = await post(ctx, 'not json', { query });
      expect(response.statusCode).toBe(400);
    }
  });

  it("answers 400 to an IMEI with spaces around it, though signed with that device's credential", async () => {
    const d = device(8);
    const credential = ctx.deviceCredentials.get(d.imei) ?? '';
    const before = (await rawOf(ctx.database.db, d.id)).length;
    for (const imei of [` ${d.imei}`, `${d.imei} `, `\t${d.imei}\n`]) {
      const response = await post(ctx, { IMEI: imei, Lat: 5 }, { credential });
      expect(response.statusCode, JSON.stringify(imei)).toBe(400);
      expect(response.json()).toEqual({
        message: "The message's IMEI must be 1 to 20 digits, nothing else",
      });
      // Nor does a good fallback stand in for a wrong body IMEI.
      const withHeader = await post(
        ctx,
        { IMEI: imei, Lat: 5 },
        { credential, headers: { 'x-imei': d.imei } },
      );
      expect(withHeader.statusCode).toBe(400);
    }
    const query = await post(ctx, 'not json', { credential, query: `imei=%20${d.imei}` });
    expect(query.statusCode).toBe(400);
    expect(await rawOf(ctx.database.db, d.id)).toHaveLength(before);
    // The same message with the IMEI exactly is taken.
    expect((await post(ctx, { IMEI: d.imei, Lat: 5 })).statusCode).toBe(200);
  });
});
