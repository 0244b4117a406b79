import { eq, sql, type SQL } from 'drizzle-orm';
import { ENDPOINT_SLOTS, endpointIdSetting } from '../../../shared/device-settings';
import type { Endpoint } from '../../../shared/endpoints';
import type { CustomerScope } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/client';
import { customers, devices, endpoints, settingsProfiles } from '../../db/schema';

/**
 * Devices that use the endpoint `id` (a uuid's text or column) in their applied or pending
 * configuration, any slot: `devices.endpoint_ids` and its GIN index (migration 0010).
 */
const devicesUsing = (id: SQL | string, scope: CustomerScope): SQL => {
  const inScope = scope.all
    ? sql``
    : scope.customerIds.length
      ? sql` and ${devices.customerId} in (${sql.join(
          scope.customerIds.map((customerId) => sql`${customerId}`),
          sql`, `,
        )})`
      : sql` and false`;
  return sql`(select count(*)::int from ${devices}
    where ${devices.endpointIds} @> array[${id}::text]${inScope})`;
};

// Spelled out: the subquery must name the outer row, and a bare "id" would be its own table's.
const outerId = sql.raw('"endpoints"."id"');

/** The columns of a listed endpoint; Devices counts those in the caller's scope. */
export const endpointColumns = (scope: CustomerScope) => ({
  Id: endpoints.id,
  CustomerId: endpoints.customerId,
  Customer: customers.name,
  Name: endpoints.name,
  URL: endpoints.url,
  Protocol: endpoints.protocol,
  Devices: sql<number>`${devicesUsing(outerId, scope)}`.mapWith(Number),
});

/** Endpoints with their customer's name, as lists and `GET endpoints/{id}` answer them. */
export const selectEndpoints = (db: DbOrTx, scope: CustomerScope) =>
  db
    .select(endpointColumns(scope))
    .from(endpoints)
    .leftJoin(customers, eq(customers.id, endpoints.customerId))
    .$dynamic();

export async function findEndpoint(
  db: DbOrTx,
  scope: CustomerScope,
  id: string,
): Promise<Endpoint | undefined> {
  const [row] = await selectEndpoints(db, scope).where(eq(endpoints.id, id));
  return row;
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
      devices: sql<number>`${devicesUsing(id, { all: true })}`.mapWith(Number),
      profiles: sql<number>`(select count(*)::int from ${settingsProfiles}
        where ${profileUses(id)})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { devices: row?.devices ?? 0, profiles: row?.profiles ?? 0 };
}
