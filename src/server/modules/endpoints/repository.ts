import { eq, sql, type SQL } from 'drizzle-orm';
import { ENDPOINT_SLOTS, endpointIdSetting } from '@shared/devices/device-settings';
import type { Endpoint } from '@shared/forwards/endpoints';
import type { CustomerScope } from '@server/auth/tenancy';
import { selectRows, type DbOrTx } from '@server/db/client';
import { customers, devices, endpoints, settingsProfiles } from '@server/db/schema';
import { endpointIdsOf } from '@server/db/wanted-config';

const scopeCondition = (scope: CustomerScope): SQL =>
  scope.all
    ? sql`true`
    : scope.customerIds.length
      ? sql`${devices.customerId} in (${sql.join(
          scope.customerIds.map((customerId) => sql`${customerId}`),
          sql`, `,
        )})`
      : sql`false`;

/**
 * How many devices in the scope use each of these endpoints in their applied or pending
 * configuration (any slot): one index-only pass over `devices_endpoint_usage_idx`
 * (customer_id, applied and overlay endpoint ids; migrations 0010, 0023), whatever the page holds, instead of one count per
 * endpoint that reads every wide row of a much-used one.
 */
export async function deviceCounts(
  db: DbOrTx,
  scope: CustomerScope,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await selectRows<{ id: string; n: number }>(
    db,
    sql`select used.id, count(*)::int as n
      from ${devices},
        -- Once per device, though both configurations may name it.
        lateral (select distinct x from unnest(${endpointIdsOf('devices')}) as x) as used(id)
      where ${scopeCondition(scope)} and ${endpointIdsOf('devices')} && array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[] and used.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by used.id`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The columns of a listed endpoint, without Devices (`withDeviceCounts` adds it). */
export const endpointColumns = {
  Id: endpoints.id,
  CustomerId: endpoints.customerId,
  Customer: customers.name,
  Name: endpoints.name,
  URL: endpoints.url,
  Protocol: endpoints.protocol,
};
type EndpointRow = Omit<Endpoint, 'Devices'>;

/** Endpoints with their customer's name, as lists and `GET endpoints/{id}` answer them. */
export const selectEndpoints = (db: DbOrTx) =>
  db
    .select(endpointColumns)
    .from(endpoints)
    .leftJoin(customers, eq(customers.id, endpoints.customerId))
    .$dynamic();

/** Adds Devices: the caller's devices using each endpoint. */
export async function withDeviceCounts(
  db: DbOrTx,
  scope: CustomerScope,
  rows: readonly EndpointRow[],
): Promise<Endpoint[]> {
  const counts = await deviceCounts(
    db,
    scope,
    rows.map((r) => r.Id),
  );
  return rows.map((r) => ({ ...r, Devices: counts.get(r.Id) ?? 0 }));
}

export async function findEndpoint(
  db: DbOrTx,
  scope: CustomerScope,
  id: string,
): Promise<Endpoint | undefined> {
  const rows = await selectEndpoints(db).where(eq(endpoints.id, id));
  const [endpoint] = await withDeviceCounts(db, scope, rows);
  return endpoint;
}

/** The stored owner of an endpoint, locked for a change or removal. */
export async function lockEndpoint(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: endpoints.id, customerId: endpoints.customerId, name: endpoints.name })
    .from(endpoints)
    .where(eq(endpoints.id, id))
    .for('update');
  return row;
}

export type EndpointValues = Omit<typeof endpoints.$inferInsert, 'id'>;

export async function insertEndpoint(tx: DbOrTx, values: EndpointValues): Promise<string> {
  const [row] = await tx.insert(endpoints).values(values).returning({ id: endpoints.id });
  if (!row) throw new Error('insert endpoints returned nothing');
  return row.id;
}

export async function updateEndpoint(tx: DbOrTx, id: string, values: EndpointValues) {
  await tx.update(endpoints).set(values).where(eq(endpoints.id, id));
}

export async function deleteEndpoint(tx: DbOrTx, id: string) {
  await tx.delete(endpoints).where(eq(endpoints.id, id));
}

/** A settings profile uses the endpoint in its settings (endpoint{n}ID) or its messages. */
const profileUses = (id: string): SQL =>
  sql.join(
    [
      ...ENDPOINT_SLOTS.map(
        (slot) => sql`lower(${settingsProfiles.settings} ->> ${endpointIdSetting(slot)}) = ${id}`,
      ),
      sql`${settingsProfiles.messages} @> jsonb_build_array(jsonb_build_object('endpointID', ${id}::text))`,
    ],
    sql` or `,
  );

/** How many devices (of every tenant) and settings profiles use the endpoint. */
export async function endpointUsage(
  tx: DbOrTx,
  id: string,
): Promise<{ devices: number; profiles: number }> {
  const [row] = await tx
    .select({
      devices: sql<number>`(select count(*)::int from ${devices}
        where ${devices.appliedEndpointIds} @> array[${id}::text]
          or ${devices.overlayEndpointIds} @> array[${id}::text])`.mapWith(Number),
      profiles: sql<number>`(select count(*)::int from ${settingsProfiles}
        where ${profileUses(id)})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { devices: row?.devices ?? 0, profiles: row?.profiles ?? 0 };
}
