import { and, eq, isNull } from 'drizzle-orm';
import {
  CUSTOMER_REQUIRED,
  ENDPOINT_NOT_FOUND,
  SHARED_ENDPOINT_ADMINS_ONLY,
  endpointInUseMessage,
  type Endpoint,
  type EndpointCreate,
  type EndpointUpdate,
} from '@shared/forwards/endpoints';
import { callerCanWithoutFeatures } from '@server/auth/access';
import { CUSTOMER_NOT_FOUND, canSee, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { customers } from '@server/db/schema';
import { badRequest, forbidden, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import {
  deleteEndpoint,
  endpointUsage,
  findEndpoint,
  insertEndpoint,
  lockEndpoint,
  updateEndpoint,
  type EndpointValues,
} from './repository';

/** Shared endpoints (no customer) are everyone's to use; the rest follow the scope. */
const visible = (scope: CustomerScope, customerId: number | null) =>
  customerId === null || canSee(scope, customerId);

/** A customer named in the body: active and in the caller's scope, else 404 like a missing one. */
async function assertCustomer(tx: DbOrTx, scope: CustomerScope, customerId: number) {
  if (!canSee(scope, customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deactivatedAt)));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
}

const valuesOf = (
  input: EndpointCreate | EndpointUpdate,
  customerId: number | null,
): EndpointValues => ({
  customerId,
  name: input.Name,
  url: input.URL,
  protocol: input.Protocol,
});

/** The operator log's line for a change: names the endpoint and who, never more. */
const logChange = (
  tx: DbOrTx,
  caller: Caller,
  endpoint: { name: string; customerId?: number | null },
  what: 'created' | 'updated' | 'removed',
) =>
  writeOperatorLog(tx, {
    level: 'Information',
    message: `Endpoint '${endpoint.name}' ${what} ${byCaller(caller)}`,
    customerId: endpoint.customerId ?? null,
  });

export function createEndpointService(db: Db) {
  async function reload(tx: DbOrTx, scope: CustomerScope, id: string): Promise<Endpoint> {
    const endpoint = await findEndpoint(tx, scope, id);
    if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
    return endpoint;
  }

  /** The endpoint to change, locked: 404 when missing or another tenant's; shared: admins. */
  async function lockForChange(tx: DbOrTx, caller: Caller, scope: CustomerScope, id: string) {
    const current = await lockEndpoint(tx, id);
    if (!current || !visible(scope, current.customerId)) throw notFound(ENDPOINT_NOT_FOUND);
    if (current.customerId === null && !callerCanWithoutFeatures(caller, 'endpoints.shared'))
      throw forbidden(SHARED_ENDPOINT_ADMINS_ONLY);
    return current;
  }

  return {
    async get(scope: CustomerScope, id: string): Promise<Endpoint> {
      const endpoint = await findEndpoint(db, scope, id);
      if (!endpoint || !visible(scope, endpoint.CustomerId)) throw notFound(ENDPOINT_NOT_FOUND);
      return endpoint;
    },

    create(caller: Caller, scope: CustomerScope, input: EndpointCreate): Promise<Endpoint> {
      return db.transaction(async (tx) => {
        await assertCustomer(tx, scope, input.CustomerId);
        const values = valuesOf(input, input.CustomerId);
        const id = await insertEndpoint(tx, values);
        await logChange(tx, caller, values, 'created');
        return reload(tx, scope, id);
      });
    },

    /** A customer's endpoint keeps a customer; a shared one (admins only) may stay shared. */
    update(
      caller: Caller,
      scope: CustomerScope,
      id: string,
      input: EndpointUpdate,
    ): Promise<Endpoint> {
      return db.transaction(async (tx) => {
        const current = await lockForChange(tx, caller, scope, id);
        if (input.CustomerId === null) {
          if (current.customerId !== null) throw badRequest({ CustomerId: CUSTOMER_REQUIRED });
        } else {
          await assertCustomer(tx, scope, input.CustomerId);
        }
        const values = valuesOf(input, input.CustomerId);
        await updateEndpoint(tx, id, values);
        await logChange(tx, caller, values, 'updated');
        return reload(tx, scope, id);
      });
    },

    /**
     * Removes an endpoint no device (applied or pending configuration, any tenant) and no
     * settings profile uses; otherwise 400 `{ Id }` with the counts, and nothing changes.
     */
    remove(caller: Caller, scope: CustomerScope, id: string): Promise<Endpoint> {
      return db.transaction(async (tx) => {
        await lockForChange(tx, caller, scope, id);
        const removed = await reload(tx, scope, id);
        const usage = await endpointUsage(tx, id);
        if (usage.devices > 0 || usage.profiles > 0)
          throw badRequest({ Id: endpointInUseMessage(usage.devices, usage.profiles) });
        await deleteEndpoint(tx, id);
        await logChange(
          tx,
          caller,
          { name: removed.Name, customerId: removed.CustomerId },
          'removed',
        );
        return removed;
      });
    },
  };
}

export type EndpointService = ReturnType<typeof createEndpointService>;
