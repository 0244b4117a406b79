import { count } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CustomerCreateSchema, type Customer } from '@shared/customers/customers';
import { ADMIN, RESELLER, useApiContext } from '@server/test/api';
import { customers } from '@server/db/schema';
import { growCustomers } from './customers';
import { createRandom } from './random';

const api = useApiContext();

describe('growCustomers (the customers list at scale)', () => {
  it('adds valid customers up to the target, in batches, and never beyond', async () => {
    const { db } = api.ctx.database;
    const added = await growCustomers(db, 2_500, createRandom(1));
    expect(added).toHaveLength(2_500 - 6);
    expect(await growCustomers(db, 2_000, createRandom(2))).toEqual([]);
    const [row] = await db.select({ n: count() }).from(customers);
    expect(row?.n).toBe(2_500);

    const response = await api.call(ADMIN, 'GET', 'customers/');
    expect(response.statusCode).toBe(200);
    const list = response.json<Customer[]>();
    expect(list).toHaveLength(2_500);
    // Every generated customer would pass the Add Customer form.
    for (const c of list.filter((x) => added.includes(x.Id))) {
      const body = { name: c.Name, country: c.Country, start: c.Start, RTDInterval: 15 };
      expect(v.safeParse(CustomerCreateSchema, body).success, c.Name).toBe(true);
    }
    // Resellers see their new sub-customers.
    const ofReseller = (await api.call(RESELLER, 'GET', 'customers/')).json<Customer[]>();
    expect(ofReseller.length).toBeGreaterThan(3);
  });
});
