import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawMessage } from '@shared/devices/raw-messages';
import { DEVICE_PAGE_SIZE, type Device } from '@shared/devices/devices';
import { selectRows } from '@server/db/client';
import {
  ADMIN,
  apiCaller,
  customerId,
  deviceOf,
  RESELLER,
  USER,
  type DemoDevice,
} from '@server/test/api';
import { createTestContext, type TestContext } from '@server/test/harness';
import { listDevices, searchCondition } from './repository';

let ctx: TestContext;
let call: ReturnType<typeof apiCaller>;
let atlas: DemoDevice;
let inStock: DemoDevice;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  atlas = await deviceOf(ctx, 'Atlas Freight');
  inStock = await deviceOf(ctx, null);
});
afterAll(() => ctx.close());

const json = async <T>(email: string, path: string): Promise<T> => {
  const response = await call(email, 'GET', path);
  expect(response.statusCode, `${email} GET ${path}: ${response.body}`).toBe(200);
  return response.json<T>();
};

describe('GET devices/search/{filter}/{text}[/{customer}]', () => {
  /** Every device the caller may see, to compute the expected hits. */
  const everything = async (email: string) => {
    const all: Device[] = [];
    let page = await json<Device[]>(email, 'devices/');
    while (page.length) {
      all.push(...page);
      page = await json<Device[]>(email, `devices/chunk/${page.at(-1)?.Id ?? 0}`);
    }
    return all;
  };
  const field: Record<string, (d: Device) => string | null> = {
    IMEI: (d) => d.IMEI,
    SN: (d) => d.SN,
    Customer: (d) => d.Customer,
    ConfigurationGroup: (d) => d.ConfigurationGroup,
    ICCID: (d) => d.ICCID,
    Firmware: (d) => d.Firmware,
    DeviceName: (d) => d.DeviceName,
    Protocol: (d) => d.Protocol,
    ProtocolName: (d) => d.ProtocolName,
  };

  it.each([
    ['IMEI', '0000'],
    ['SN', '1001'],
    ['Customer', 'TRANS'],
    ['ConfigurationGroup', 'standard'],
    ['ICCID', '8946'],
    ['Firmware', '4.03'],
    ['DeviceName', '4g'],
    ['Protocol', 'scan'],
    ['ProtocolName', 'actros'],
  ])('%s contains %s, case-insensitive, in scope, ordered by id', async (filter, text) => {
    for (const email of [ADMIN, RESELLER]) {
      const expected = (await everything(email)).filter((d) =>
        (field[filter]?.(d) ?? '').toLowerCase().includes(text.toLowerCase()),
      );
      expect(expected.length, `${filter} ${text} finds something`).toBeGreaterThan(0);
      const hits = await json<Device[]>(email, `devices/search/${filter}/${text}`);
      expect(hits.map((d) => d.Id)).toEqual(expected.slice(0, DEVICE_PAGE_SIZE).map((d) => d.Id));
    }
  });

  it("treats 'null' as no customer and otherwise restricts to that customer", async () => {
    const hansenId = await customerId(ctx, 'Hansen Transport');
    const all = await json<Device[]>(RESELLER, 'devices/search/IMEI/0/null');
    expect(all).toEqual(await json<Device[]>(RESELLER, 'devices/search/IMEI/0'));
    const own = await json<Device[]>(RESELLER, `devices/search/IMEI/0/${hansenId}`);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((d) => d.CustomerId === hansenId)).toBe(true);
    const atlasId = await customerId(ctx, 'Atlas Freight');
    expect((await call(RESELLER, 'GET', `devices/search/IMEI/0/${atlasId}`)).statusCode).toBe(404);
  });

  it('pages with ?after and takes LIKE wildcards literally', async () => {
    const first = await json<Device[]>(ADMIN, 'devices/search/IMEI/0');
    expect(first).toHaveLength(DEVICE_PAGE_SIZE);
    const next = await json<Device[]>(
      ADMIN,
      `devices/search/IMEI/0?after=${first.at(-1)?.Id ?? 0}`,
    );
    expect(next[0]?.Id).toBeGreaterThan(first.at(-1)?.Id ?? 0);
    expect(await json<Device[]>(ADMIN, 'devices/search/IMEI/%25')).toEqual([]);
    expect(await json<Device[]>(ADMIN, 'devices/search/SN/_')).toEqual([]);
  });

  it('rejects an unknown filter', async () => {
    const response = await call(ADMIN, 'GET', 'devices/search/Colour/red');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['filter']);
  });
});

describe('GET devices/rawmessages/{imei}[/{lastId}], devices/rawmessages/last/{imei}', () => {
  it('reads batches of 50, newest first, continuing below lastId until a short batch', async () => {
    // The Atlas device with the most messages, so the list spans more than one batch.
    const [busiest] = await selectRows<{ imei: string; n: string }>(
      ctx.database.db,
      sql`select r.imei, count(*) as n from raw_messages r join devices d on d.id = r.device_id
          where d.customer_id = ${atlas.customerId} group by r.imei order by 2 desc, 1 limit 1`,
    );
    const imei = busiest?.imei ?? '';
    const seen: RawMessage[] = [];
    let batch = await json<RawMessage[]>(USER, `devices/rawmessages/${imei}`);
    seen.push(...batch);
    // A full batch of 50 means there may be more; a shorter one is the end.
    while (batch.length === 50) {
      const lastId = batch.at(-1)?.Id ?? 0;
      batch = await json<RawMessage[]>(USER, `devices/rawmessages/${imei}/${lastId}`);
      seen.push(...batch);
    }
    expect(seen.length).toBeGreaterThan(50);
    expect(seen).toHaveLength(Number(busiest?.n));
    const ids = seen.map((m) => m.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual([
      'Id',
      'Message',
      'TimeStampServer',
      'ValidJson',
    ]);
    expect(await json<RawMessage>(USER, `devices/rawmessages/last/${imei}`)).toEqual(seen[0]);
  });

  it('answers null as the last message of a device that sent none', async () => {
    expect(await json<null>(ADMIN, `devices/rawmessages/last/${inStock.imei}`)).not.toBeNull();
    await ctx.database.db.execute(sql`delete from raw_messages where imei = ${inStock.imei}`);
    expect(await json<null>(ADMIN, `devices/rawmessages/last/${inStock.imei}`)).toBeNull();
    expect(await json<RawMessage[]>(ADMIN, `devices/rawmessages/${inStock.imei}`)).toEqual([]);
  });
});

describe('listDevices in two phases (window, then the filter index past it)', () => {
  it('answers exactly what one ordered query would, for any window size', async () => {
    const { db } = ctx.database;
    const scopes = [
      { all: true as const },
      { all: false as const, customerIds: [atlas.customerId ?? 0] },
    ];
    for (const [filter, text] of [
      ['IMEI', '0'],
      ['SN', '1003'],
      ['Customer', 'a'],
      ['ProtocolName', 'actros'],
    ] as const) {
      const where = (await searchCondition(db, filter, text)) ?? undefined;
      for (const scope of scopes) {
        for (const after of [undefined, 150]) {
          const plain = await listDevices(db, scope, where, after, 1_000_000);
          for (const window of [1, 7, 60, 250]) {
            const paged = await listDevices(db, scope, where, after, window);
            expect(
              paged.map((d) => d.id),
              `${filter} ${window}`,
            ).toEqual(plain.map((d) => d.id));
          }
        }
      }
    }
  });
});
