import { count, eq, type SQL } from 'drizzle-orm';
import type { AuthServer } from '@shared/access/auth-servers';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { authServers, companyCards, customers } from '@server/db/schema';
import { shownSecret } from '@server/modules/forwards';

/** Authentication servers as lists answer them, with their customer's name. */
export const selectAuthServers = (db: DbOrTx) =>
  db
    .select({ server: authServers, customer: customers.name })
    .from(authServers)
    .leftJoin(customers, eq(customers.id, authServers.customerId))
    .$dynamic();

export type AuthServerRow = Awaited<ReturnType<typeof selectAuthServers>>[number];

/** The answer for a server; its password as the caller may see it (masked, null for Viewers). */
export function toAuthServer({ server: s, customer }: AuthServerRow, caller: Caller): AuthServer {
  return {
    Id: s.id,
    CustomerId: s.customerId,
    Customer: customer,
    Name: s.name,
    IP: s.ip,
    DevicePort: s.devicePort,
    Port: s.port,
    Username: s.username,
    Password: shownSecret(s.password, caller),
    Status: s.status,
    Forward: s.forward,
  };
}

export async function findAuthServer(
  db: DbOrTx,
  where: SQL | undefined,
  caller: Caller,
): Promise<AuthServer | undefined> {
  const [row] = await selectAuthServers(db).where(where).limit(1);
  return row && toAuthServer(row, caller);
}

/** The stored server, locked until the transaction ends (updates and removals). */
export async function lockAuthServer(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(authServers).where(eq(authServers.id, id)).for('update');
  return row;
}

/** The company cards that authenticate through the server, in all and per customer. */
export async function cardsUsing(tx: DbOrTx, serverId: number) {
  return tx
    .select({ customerId: companyCards.customerId, n: count() })
    .from(companyCards)
    .where(eq(companyCards.authServerId, serverId))
    .groupBy(companyCards.customerId);
}

export type AuthServerValues = Omit<typeof authServers.$inferInsert, 'id'>;

export async function insertAuthServer(tx: DbOrTx, values: AuthServerValues): Promise<number> {
  const [row] = await tx.insert(authServers).values(values).returning({ id: authServers.id });
  if (!row) throw new Error('insert auth_servers returned nothing');
  return row.id;
}

export async function updateAuthServer(
  tx: DbOrTx,
  id: number,
  values: Partial<AuthServerValues>,
): Promise<void> {
  await tx.update(authServers).set(values).where(eq(authServers.id, id));
}

export async function deleteAuthServer(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(authServers).where(eq(authServers.id, id));
}
