import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country'),
    email: text('email'),
    isReseller: boolean('is_reseller').notNull().default(false),
    /** The main reseller this customer belongs to, if any. */
    resellerId: integer('reseller_id').references((): AnyPgColumn => customers.id),
    start: date('start'),
    rtdInterval: integer('rtd_interval'),
    rtdIntegration: boolean('rtd_integration').notNull().default(false),
    rtdIntegrationId: integer('rtd_integration_id'),
    rtdIntCustId: text('rtd_int_cust_id'),
    createdAt: createdAt(),
  },
  (t) => [index('customers_reseller_idx').on(t.resellerId)],
);

export const features = pgTable('features', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const customerFeatures = pgTable(
  'customer_features',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.featureId] })],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    isReseller: boolean('is_reseller').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index('users_customer_idx').on(t.customerId)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    imei: text('imei').notNull(),
    sn: text('sn'),
    hardware: text('hardware'),
    deviceName: text('device_name'),
    deviceType: smallint('device_type').notNull(),
    iccid: text('iccid'),
    customerId: integer('customer_id').references(() => customers.id),
    configurationGroupId: integer('configuration_group_id'),
    note: text('note'),
    name: text('name'),
    inSync: boolean('in_sync').notNull().default(true),
    /** The configuration the device last reported (applied). */
    currentConfig: jsonb('current_config').$type<Record<string, unknown>>().notNull().default({}),
    /** The configuration the portal wants the device to have. */
    newConfig: jsonb('new_config').$type<Record<string, unknown>>().notNull().default({}),
    /** Latest telemetry (VIN, position, ignition, …). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    lastMsg: timestamp('last_msg', { withTimezone: true }),
    lastDownload: timestamp('last_download', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_imei_idx').on(t.imei),
    index('devices_customer_idx').on(t.customerId),
  ],
);

export const rawMessages = pgTable(
  'raw_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
    timeStampServer: timestamp('time_stamp_server', { withTimezone: true }).notNull().defaultNow(),
    validJson: boolean('valid_json').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('raw_messages_imei_id_idx').on(t.imei, t.id)],
);

/**
 * Message counters per customer and day, kept up to date by every raw-message insert so the
 * dashboard never counts raw rows. `customerId` 0 holds messages of unassigned devices.
 */
export const messageCountsDaily = pgTable(
  'message_counts_daily',
  {
    customerId: integer('customer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    lastMsg: timestamp('last_msg', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] })],
);

export const logs = pgTable(
  'logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    timeStamp: timestamp('time_stamp', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').notNull(),
    message: text('message').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  },
  (t) => [index('logs_customer_idx').on(t.customerId), index('logs_time_idx').on(t.timeStamp)],
);

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
