import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Forward, ForwardProtocol, MessageTypeEntry } from '../../../shared/forwards';
import type { Caller } from '../../auth/tokens';
import type { Db } from '../../db/client';
import {
  customers,
  deviceForwards,
  forwardMessageTypes,
  forwardProtocols,
  forwards,
  messageTypes,
} from '../../db/schema';
import { shownSecret } from './secrets';

const carriedTypes = sql<MessageTypeEntry[]>`coalesce((
  select json_agg(json_build_object('MessageTypeId', ${messageTypes.id}, 'MessageType', ${messageTypes.name})
    order by ${messageTypes.id})
  from ${forwardMessageTypes} join ${messageTypes} on ${messageTypes.id} = ${forwardMessageTypes.messageTypeId}
  where ${forwardMessageTypes.forwardId} = ${forwards.id}
), '[]'::json)`;

const deviceCount = sql<number>`(select count(distinct ${deviceForwards.deviceId})::int
  from ${deviceForwards} where ${deviceForwards.forwardId} = ${forwards.id})`;

/** Forwards with their secrets as the caller may see them (masked, or null for Viewers). */
export async function listForwards(
  db: Db,
  where: SQL | undefined,
  caller: Caller,
): Promise<Forward[]> {
  const rows = await db
    .select({
      forward: forwards,
      customer: customers.name,
      protocol: forwardProtocols.name,
      messageTypes: carriedTypes,
      devices: deviceCount,
    })
    .from(forwards)
    .leftJoin(customers, eq(customers.id, forwards.customerId))
    .leftJoin(forwardProtocols, eq(forwardProtocols.id, forwards.protocolId))
    .where(where)
    .orderBy(asc(forwards.name), asc(forwards.id));
  return rows.map(({ forward: f, ...r }) => ({
    Id: f.id,
    CustomerId: f.customerId,
    Customer: r.customer,
    Name: f.name,
    IP: f.ip,
    Port: f.port,
    Username: f.username,
    Password: shownSecret(f.password, caller),
    API_KEY: shownSecret(f.apiKey, caller),
    Auth: shownSecret(f.auth, caller),
    Status: f.status,
    Protocol: r.protocol,
    MessageTypes: r.messageTypes,
    Protocols:
      f.protocolId === null || r.protocol === null
        ? []
        : [{ ProtocolId: f.protocolId, Protocol: r.protocol }],
    Amountdevices: r.devices,
  }));
}

export async function listProtocols(db: Db): Promise<ForwardProtocol[]> {
  return db
    .select({ ProtocolId: forwardProtocols.id, Protocol: forwardProtocols.name })
    .from(forwardProtocols)
    .orderBy(asc(forwardProtocols.id));
}

export async function listMessageTypes(db: Db): Promise<MessageTypeEntry[]> {
  return db
    .select({ MessageTypeId: messageTypes.id, MessageType: messageTypes.name })
    .from(messageTypes)
    .orderBy(asc(messageTypes.id));
}
