import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import { customers, forwards } from '@server/db/schema';
import { createTestContext, type TestContext } from '@server/test/harness';
import type { ListSource } from './list-resource';
import { contains, containsPattern, keysetSource } from './list-resource-source';

/**
 * `keysetSource` as a next resource would use it: the forwards of the demo, three to a page.
 * (The devices list has its own source; its HTTP routes are tested in list-resource.test.ts.)
 */
let ctx: TestContext;
type Row = { Id: number; Name: string; IP: string; Port: number; CustomerId: number | null };
type Filter = 'Name' | 'IP' | 'Port' | 'Nothing';
let source: ListSource<Row, Filter>;
let everything: Row[];
let atlas: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  const columns = {
    Id: forwards.id,
    Name: forwards.name,
    IP: forwards.ip,
    Port: forwards.port,
    CustomerId: forwards.customerId,
  };
  source = keysetSource(db, {
    table: forwards,
    id: forwards.id,
    customerId: forwards.customerId,
    pageSize: 3,
    select: () => db.select(columns).from(forwards).$dynamic(),
    search: {
      Name: contains(forwards.name),
      IP: contains(forwards.ip),
      Port: contains(sql`${forwards.port}::text`),
      // A lookup that finds nothing answers no page at all.
      Nothing: () => null,
    },
  });
  // One forward of no customer, which only an admin's scope holds.
  await db.insert(forwards).values({ name: 'Shared feed', ip: '10.9.8.7', port: 9000 });
  everything = await db.select(columns).from(forwards).orderBy(asc(forwards.id));
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.name, 'Atlas Freight'));
  atlas = row?.id ?? 0;
});
afterAll(() => ctx.close());

/** Every page of a query, following the last id like a client. */
async function allPages(asked: Omit<Parameters<typeof source.page>[0], 'after' | 'caller'>) {
  const query = { ...asked, caller };
  const seen: Row[] = [];
  let page = await source.page(query);
  while (page.length > 0) {
    expect(page.length).toBeLessThanOrEqual(3);
    seen.push(...page);
    if (page.length < 3) break;
    page = await source.page({ ...query, after: page.at(-1)?.Id });
  }
  return seen;
}

const admin: CustomerScope = { all: true };
const caller: Caller = { userId: 1, role: 'Admin', customerId: 1, isReseller: false };
const ids = (rows: Row[]) => rows.map((r) => r.Id);

describe('keysetSource', () => {
  it('pages the whole scope by id, without gaps or repeats, and counts it', async () => {
    expect(everything.length).toBeGreaterThan(6);
    expect(ids(await allPages({ scope: admin }))).toEqual(ids(everything));
    expect(await source.count(admin)).toBe(everything.length);
  });

  it("keeps a customer's scope: its own rows only, none of no customer", async () => {
    const scope: CustomerScope = { all: false, customerIds: [atlas] };
    const own = everything.filter((r) => r.CustomerId === atlas);
    expect(own.length).toBeGreaterThan(0);
    expect(ids(await allPages({ scope }))).toEqual(ids(own));
    expect(await source.count(scope)).toBe(own.length);
    expect(everything.some((r) => r.CustomerId === null)).toBe(true);
    expect(await allPages({ scope: admin, customerId: atlas })).toEqual(own);
  });

  it('searches each field with "contains", case-insensitive, wildcards taken literally', async () => {
    const first = everything[0] as Row;
    const part = first.Name.slice(1, 4).toUpperCase();
    const byName = everything.filter((r) => r.Name.toUpperCase().includes(part));
    expect(ids(await allPages({ scope: admin, search: { filter: 'Name', text: part } }))).toEqual(
      ids(byName),
    );
    const port = String(first.Port);
    const byPort = everything.filter((r) => String(r.Port).includes(port));
    expect(ids(await allPages({ scope: admin, search: { filter: 'Port', text: port } }))).toEqual(
      ids(byPort),
    );
    expect(
      await source.page({ scope: admin, caller, search: { filter: 'IP', text: '%' } }),
    ).toEqual([]);
    expect(
      await source.page({ scope: admin, caller, search: { filter: 'Nothing', text: 'x' } }),
    ).toEqual([]);
  });

  it("order 'desc': newest first, each page below the last id, searches too", async () => {
    const { db } = ctx.database;
    const newestFirst = keysetSource(db, {
      table: forwards,
      id: forwards.id,
      order: 'desc',
      customerId: forwards.customerId,
      pageSize: 3,
      select: () => db.select({ Id: forwards.id, Name: forwards.name }).from(forwards).$dynamic(),
      search: { Name: contains(forwards.name) },
    });
    const descending = [...ids(everything)].reverse();
    const seen: number[] = [];
    let page = await newestFirst.page({ scope: admin, caller });
    while (page.length > 0) {
      seen.push(...page.map((r) => r.Id));
      if (page.length < 3) break;
      page = await newestFirst.page({ scope: admin, caller, after: page.at(-1)?.Id });
    }
    expect(seen).toEqual(descending);
    const below = descending[2] ?? 0;
    expect(
      (await newestFirst.page({ scope: admin, caller, after: below })).map((r) => r.Id),
    ).toEqual(descending.slice(3, 6));
    const part = (everything[0] as Row).Name.slice(0, 3);
    const matching = everything
      .filter((r) => r.Name.toLowerCase().includes(part.toLowerCase()))
      .map((r) => r.Id);
    const found = await newestFirst.page({
      scope: admin,
      caller,
      search: { filter: 'Name', text: part },
    });
    expect(found.map((r) => r.Id)).toEqual(matching.reverse().slice(0, 3));
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
