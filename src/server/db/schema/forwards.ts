// Forwards: where device messages are passed on, per message type.
import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { customers } from './tenants';

export const forwardProtocols = pgTable('forward_protocols', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

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
    protocolId: integer('protocol_id').references(() => forwardProtocols.id),
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
      .references(() => messageTypes.id),
  },
  (t) => [primaryKey({ columns: [t.forwardId, t.messageTypeId] })],
);
