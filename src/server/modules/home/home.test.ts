import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/customers/dashboard';
import { selectRows } from '@server/db/client';
import { rawMessages } from '@server/db/schema';
import { countMessages } from '@server/modules/raw-messages/counters';
import { createTestContext, type TestContext } from '@server/test/harness';
import { lastDays } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const dashboardOf = async (email: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/home/dashboard',
    headers: await ctx.authHeader(email),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Dashboard>();
};

/** Raw-row truth for a set of customers, to check the counters against. */
async function rawCount(customerFilter: string) {
  const rows = await selectRows<{ n: string }>(
    ctx.database.db,
    sql.raw(`select count(*) as n from raw_messages r join devices d on d.id = r.device_id
             join customers c on c.id = d.customer_id where ${customerFilter}`),
  );
  return Number(rows[0]?.n);
}

describe('GET home/dashboard', () => {
  it('gives an admin the whole fleet, every message and both pie series', async () => {
    const d = await dashboardOf('admin@demo.test');
    const [all] = await ctx.database.db.select({ n: count() }).from(rawMessages);
    expect(d.deviceCount).toBe(320);
    expect(d.rawMessages).toBe(all?.n);
    expect(d.forwards).toBeGreaterThan(0);
    expect(d.logs).toBe(240);
    expect(d.invalidmsg.map((s) => s.name)).toEqual(['ValidJson', 'Other']);
    expect(d.insync.map((s) => s.name)).toEqual(['Insync', 'Other']);
    expect(d.insync.reduce((n, s) => n + s.Value, 0)).toBe(320);
    expect(d.invalidmsg[0]?.Value).toBeGreaterThan(0);
  });

  it('scopes a user to its customer and hides the admin charts', async () => {
    const d = await dashboardOf('user@demo.test');
    expect(d.deviceCount).toBe(90);
    expect(d.rawMessages).toBe(await rawCount(`c.name = 'Atlas Freight'`));
    expect(d.invalidmsg).toEqual([]);
    expect(d.insync).toEqual([]);
    expect(await dashboardOf('viewer@demo.test')).toEqual(d);
  });

  it('scopes a reseller to its own customer and its sub-customers', async () => {
    const d = await dashboardOf('reseller@demo.test');
    expect(d.deviceCount).toBe(30 + 70 + 60);
    expect(d.rawMessages).toBe(
      await rawCount(`c.name in ('NordTrack Resellers', 'Hansen Transport', 'Vega Logistics')`),
    );
  });

  it('returns 8 daily totals ending today and the newest message time', async () => {
    const d = await dashboardOf('admin@demo.test');
    expect(d.Messages.map((m) => m.Date)).toEqual(lastDays(new Date(), 8));
    expect(d.weekly).toEqual(d.Messages);
    const since = `${d.Messages[0]?.Date ?? ''}T00:00:00Z`;
    const inWindow = await selectRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from raw_messages where time_stamp_server >= ${since}::timestamptz`,
    );
    expect(d.Messages.reduce((n, m) => n + m.Total, 0)).toBe(Number(inWindow[0]?.n));
    expect(Date.parse(d.lastMsg ?? '')).toBeGreaterThan(Date.now() - 8 * 86_400_000);
  });

  it('keeps the counters in step with new messages', async () => {
    const before = await dashboardOf('user@demo.test');
    const at = new Date();
    const customerId = await customerOf('Atlas Freight');
    await countMessages(ctx.database.db, [
      { customerId, at, validJson: true },
      { customerId, at, validJson: false },
    ]);
    const after = await dashboardOf('user@demo.test');
    expect(after.rawMessages).toBe(before.rawMessages + 2);
    expect(after.Messages.at(-1)?.Total).toBe((before.Messages.at(-1)?.Total ?? 0) + 2);
    expect(after.lastMsg).toBe(at.toISOString());
  });
});

describe('customer_stats triggers', () => {
  const statsVersusRows = async () => {
    const stats = await selectRows<{
      c: number;
      devices: number;
      oos: number;
      forwards: number;
      logs: number;
    }>(
      ctx.database.db,
      sql`select customer_id as c, devices, devices_out_of_sync as oos, forwards, logs
          from customer_stats where devices <> 0 or forwards <> 0 or logs <> 0 order by 1`,
    );
    const live = await selectRows<{
      c: number;
      devices: number;
      oos: number;
      forwards: number;
      logs: number;
    }>(
      ctx.database.db,
      sql`select c, sum(devices)::int as devices, sum(oos)::int as oos, sum(forwards)::int as forwards,
                 sum(logs)::int as logs from (
            select coalesce(customer_id, 0) as c, count(*) as devices, count(*) filter (where not in_sync) as oos,
                   0 as forwards, 0 as logs from devices group by 1
            union all select coalesce(customer_id, 0), 0, 0, count(*), 0 from forwards group by 1
            union all select coalesce(customer_id, 0), 0, 0, 0, count(*) from logs group by 1) t
          group by c order by 1`,
    );
    return { stats, live };
  };

  it('match the rows after moves, sync changes, inserts and deletes', async () => {
    const atlas = await customerOf('Atlas Freight');
    const blue = await customerOf('Blue Line Buses');
    const { db } = ctx.database;
    await db.execute(sql`update devices set customer_id = ${blue} where id in
      (select id from devices where customer_id = ${atlas} order by id limit 3)`);
    await db.execute(
      sql`update devices set in_sync = not in_sync where id in (select id from devices order by id limit 7)`,
    );
    await db.execute(sql`update devices set customer_id = null where id in
      (select id from devices where customer_id = ${blue} order by id limit 2)`);
    await db.execute(
      sql`insert into logs (level, message, customer_id) values ('Information', 'x', ${atlas}), ('Warning', 'y', null)`,
    );
    await db.execute(sql`delete from logs where id in (select id from logs order by id limit 5)`);
    await db.execute(
      sql`update forwards set customer_id = ${atlas} where id = (select min(id) from forwards)`,
    );
    const { stats, live } = await statsVersusRows();
    expect(stats).toEqual(live);
    const d = await dashboardOf('user@demo.test');
    expect(d.deviceCount).toBe(live.find((r) => r.c === atlas)?.devices);
  });
});

async function customerOf(name: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`select id from customers where name = ${name}`,
  );
  return Number(rows[0]?.id);
}

describe('lastDays', () => {
  it('lists UTC days oldest first, ending on the given day', () => {
    expect(lastDays(new Date('2026-03-02T23:30:00Z'), 3)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
