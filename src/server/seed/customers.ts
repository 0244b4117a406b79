// Many customers: the customers list at scale (`npm run seed -- --customers 5000`, benchmarks).
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { customerFeatures, customers, features, rtdIntegrations } from '@server/db/schema';
import type { Random } from './random';

const FIRST = ['Nordic', 'Atlantic', 'Alpine', 'Baltic', 'Delta', 'Rhine', 'Iberian', 'Coastal'];
const SECOND = ['Haulage', 'Freight', 'Logistics', 'Transport', 'Buses', 'Couriers', 'Cargo'];
const COUNTRIES = ['NL', 'DE', 'BE', 'SE', 'DK', 'FR', 'PL', 'ES', 'IT', 'NO'];
const BATCH = 1000;

/**
 * Adds customers until there are `target`: about one in ten under a main reseller (a reseller
 * of the database, when there is one), some with features or a tachograph integration. Returns
 * the new ones' ids.
 */
export async function growCustomers(db: DbOrTx, target: number, random: Random): Promise<number[]> {
  const [existing] = await db.select({ n: count() }).from(customers);
  const first = existing?.n ?? 0;
  const resellers = (
    await db.select({ id: customers.id }).from(customers).where(eq(customers.isReseller, true))
  ).map((r) => r.id);
  const featureIds = (await db.select({ id: features.id }).from(features)).map((r) => r.id);
  const integrationIds = (await db.select({ id: rtdIntegrations.id }).from(rtdIntegrations)).map(
    (r) => r.id,
  );
  const ids: number[] = [];
  for (let start = first; start < target; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, target - start) }, (_, i) => {
      const n = start + i + 1;
      const integration = integrationIds.length > 0 && random.chance(0.2);
      return {
        // At most 25 characters, the create rule's limit.
        name: `${random.pick(FIRST)} ${random.pick(SECOND)} ${n}`,
        country: random.pick(COUNTRIES),
        email: `office${n}@customers.example`,
        resellerId: resellers.length && random.chance(0.1) ? random.pick(resellers) : null,
        start: `20${random.int(18, 25)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
        rtdInterval: random.int(2, 59),
        rtdIntegration: integration,
        rtdIntegrationId: integration ? random.pick(integrationIds) : null,
        rtdIntCustId: integration ? `C-${random.digits(6)}` : null,
      };
    });
    const inserted = await db.insert(customers).values(rows).returning({ id: customers.id });
    const granted = inserted.flatMap(({ id }) =>
      featureIds
        .filter(() => random.chance(0.15))
        .map((featureId) => ({ customerId: id, featureId })),
    );
    if (granted.length) await db.insert(customerFeatures).values(granted);
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}
