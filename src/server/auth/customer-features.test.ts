import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_TACHO_DOWNLOAD } from '@shared/access/roles';
import type { Database } from '@server/db/client';
import { customers } from '@server/db/schema';
import { openSeededDemo } from '@server/test/seeded-demo';
import { cachedFeaturesOfCustomer, forgetCustomerFeatures } from './customer-features';

let database: Database;
let customerId = 0;
beforeAll(async () => {
  ({ database } = await openSeededDemo());
  const [hansen] = await database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.name, 'Hansen Transport'));
  customerId = hansen?.id ?? 0;
});
afterAll(() => database.close());

const removeAll = () =>
  database.db.execute(sql`delete from customer_features where customer_id = ${customerId}`);

describe('cachedFeaturesOfCustomer', () => {
  it('reads once per window, again after it ends, and every time with a window of 0', async () => {
    const t = 1_000_000;
    expect(await cachedFeaturesOfCustomer(database.db, customerId, 5000, t)).toContain(
      FEATURE_TACHO_DOWNLOAD,
    );
    await removeAll();
    expect(await cachedFeaturesOfCustomer(database.db, customerId, 5000, t + 4999)).toContain(
      FEATURE_TACHO_DOWNLOAD,
    );
    expect(await cachedFeaturesOfCustomer(database.db, customerId, 5000, t + 5000)).toEqual([]);
    expect(await cachedFeaturesOfCustomer(database.db, 999_999, 0, t)).toEqual([]);
  });

  it('does not cache a read that raced a change', async () => {
    forgetCustomerFeatures(customerId);
    const now = Date.now();
    const reading = cachedFeaturesOfCustomer(database.db, customerId, 60_000, now);
    forgetCustomerFeatures(customerId);
    await reading;
    await database.db.execute(
      sql`insert into customer_features (customer_id, feature_id)
        select ${customerId}, id from features where name = ${FEATURE_TACHO_DOWNLOAD}`,
    );
    expect(await cachedFeaturesOfCustomer(database.db, customerId, 60_000, now + 1)).toEqual([
      FEATURE_TACHO_DOWNLOAD,
    ]);
  });
});
