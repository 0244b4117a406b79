// Forwards: where device messages are passed on, per message type.
import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { customers } from './tenants';

/** Ids are spec 02's protocol numbers (src/shared/forwards/forward-kinds.ts), not a sequence's. */
export const forwardProtocols = pgTable('forward_protocols', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Ids are spec 02's message type numbers (src/shared/forwards/forward-kinds.ts), not a sequence's. */
export const messageTypes = pgTable('message_types', {
  id: serial('id').primaryKey(),
  /** TD, RT, TC, TL. */
  name: text('name').notNull().unique(),
});

export const forwards = pgTable(
  'forwards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    name: text('name').notNull(),
    ip: text('ip').notNull(),
    port: integer('port').notNull(),
    username: text('username'),
    password: text('password'),
    apiKey: text('api_key'),
    auth: text('auth'),
    /** 0 Server Down, 1 Server Up & Running. */
    status: smallint('status').notNull().default(1),
    protocolId: integer('protocol_id').references(() => forwardProtocols.id, {
      onUpdate: 'cascade',
    }),
    /** 0 none, 2 the Azure IoT hub integration (ip: the hub's host name). */
    integrationType: smallint('integration_type').notNull().default(0),
  },
  (t) => [index('forwards_customer_idx').on(t.customerId)],
);

export const forwardMessageTypes = pgTable(
  'forward_message_types',
  {
    forwardId: integer('forward_id')
      .notNull()
      .references(() => forwards.id, { onDelete: 'cascade' }),
    messageTypeId: integer('message_type_id')
      .notNull()
      .references(() => messageTypes.id, { onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.forwardId, t.messageTypeId] })],
);
