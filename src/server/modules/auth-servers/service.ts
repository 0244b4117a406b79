import { eq } from 'drizzle-orm';
import {
  AUTH_SERVER_NOT_FOUND,
  authServerInUse,
  type AuthServer,
  type AuthServerCreate,
  type AuthServerUpdate,
} from '@shared/access/auth-servers';
import type { SecretBox } from '@server/auth/secret-box';
import { CUSTOMER_NOT_FOUND, canSee, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { authServers } from '@server/db/schema';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { activeCustomerExists } from '@server/modules/customers';
import {
  cardsUsing,
  deleteAuthServer,
  findAuthServer,
  insertAuthServer,
  lockAuthServer,
  updateAuthServer,
} from './repository';

const cards = (n: number) => `${String(n)} company card${n === 1 ? '' : 's'}`;
export const cardsOfOtherCustomers = (n: number) =>
  `${cards(n)} of ${n === 1 ? 'another customer uses' : 'other customers use'} this server: ` +
  'move them to another server before changing its customer';

/** Authentication servers: create, update, remove (spec 02 §7, /tacho; admins). */
export function createAuthServerService(db: Db, secrets: SecretBox) {
  /** The server's customer must be an active one the caller sees (else 404, like a foreign id). */
  async function checkCustomer(tx: DbOrTx, scope: CustomerScope, customerId: number) {
    if (!canSee(scope, customerId) || !(await activeCustomerExists(tx, customerId)))
      throw notFound(CUSTOMER_NOT_FOUND);
  }

  async function reload(tx: DbOrTx, caller: Caller, id: number): Promise<AuthServer> {
    const server = await findAuthServer(tx, eq(authServers.id, id), caller);
    if (!server) throw notFound(AUTH_SERVER_NOT_FOUND);
    return server;
  }

  /** The stored server, locked; one of no customer is the provider's (in admins' scope only). */
  async function lockWritable(tx: DbOrTx, scope: CustomerScope, id: number) {
    const current = await lockAuthServer(tx, id);
    if (!current || !canSee(scope, current.customerId)) throw notFound(AUTH_SERVER_NOT_FOUND);
    return current;
  }

  const values = (input: AuthServerCreate | AuthServerUpdate) => ({
    customerId: input.customerId,
    name: input.name,
    ip: input.ip,
    devicePort: input.devicePort,
    port: input.port,
    username: input.username,
    // Write-only: sealed at rest; undefined (left blank on edit) keeps the stored one.
    password: input.password === undefined ? undefined : secrets.seal(input.password),
    status: input.status,
    forward: input.forward,
  });

  return {
    async create(caller: Caller, scope: CustomerScope, input: AuthServerCreate) {
      return db.transaction(async (tx) => {
        await checkCustomer(tx, scope, input.customerId);
        const id = await insertAuthServer(tx, { ...values(input), forward: input.forward ?? null });
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Authentication server '${input.name}' created ${byCaller(caller)}`,
          customerId: input.customerId,
        });
        return reload(tx, caller, id);
      });
    },

    /**
     * Changes the server. Its customer changes only while no other customer's company card uses
     * it: a card's server is its customer's or a shared one.
     */
    async update(caller: Caller, scope: CustomerScope, id: number, input: AuthServerUpdate) {
      return db.transaction(async (tx) => {
        const current = await lockWritable(tx, scope, id);
        await checkCustomer(tx, scope, input.customerId);
        if (input.customerId !== current.customerId) {
          const others = (await cardsUsing(tx, id))
            .filter((row) => row.customerId !== input.customerId)
            .reduce((sum, row) => sum + row.n, 0);
          if (others > 0) throw badRequest({ customerId: cardsOfOtherCustomers(others) });
        }
        await updateAuthServer(tx, id, values(input));
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Authentication server '${input.name}' updated ${byCaller(caller)}`,
          customerId: input.customerId,
        });
        return reload(tx, caller, id);
      });
    },

    /** Removes the server, refused while company cards use it. Answers the removed server. */
    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<AuthServer> {
      return db.transaction(async (tx) => {
        const current = await lockWritable(tx, scope, id);
        const inUse = (await cardsUsing(tx, id)).reduce((sum, row) => sum + row.n, 0);
        if (inUse > 0) throw badRequest({ CompanyCards: authServerInUse(inUse) });
        const removed = await reload(tx, caller, id);
        await deleteAuthServer(tx, id);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Authentication server '${current.name}' removed ${byCaller(caller)}`,
          customerId: current.customerId,
        });
        return removed;
      });
    },
  };
}

export type AuthServerService = ReturnType<typeof createAuthServerService>;
