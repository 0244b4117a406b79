import { sql } from 'drizzle-orm';
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
  uuid,
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
    configurationGroupId: integer('configuration_group_id').references(
      (): AnyPgColumn => configurationGroups.id,
    ),
    /** Searchable copies of the applied configuration's firmware and CAN protocol code. */
    firmware: text('firmware'),
    protocolCode: text('protocol_code'),
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
    index('devices_configuration_group_idx').on(t.configurationGroupId),
    index('devices_protocol_code_idx').on(t.protocolCode),
    // Trigram indexes keep "contains" searches fast at 100,000 devices (docs/decisions/009).
    index('devices_imei_trgm_idx').using('gin', t.imei.op('gin_trgm_ops')),
    index('devices_sn_trgm_idx').using('gin', t.sn.op('gin_trgm_ops')),
    index('devices_iccid_trgm_idx').using('gin', t.iccid.op('gin_trgm_ops')),
    index('devices_firmware_trgm_idx').using('gin', t.firmware.op('gin_trgm_ops')),
    index('devices_device_name_trgm_idx').using('gin', t.deviceName.op('gin_trgm_ops')),
    index('devices_protocol_code_trgm_idx').using('gin', t.protocolCode.op('gin_trgm_ops')),
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

// ---------------------------------------------------------------------------------------------
// Device configuration and the work queued for devices (issue 3).

export const configurationGroups = pgTable(
  'configuration_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Null: a group every customer may use. */
    customerId: integer('customer_id').references(() => customers.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('configuration_groups_customer_idx').on(t.customerId)],
);

/** Settings profiles are identified by GUIDs; the all-zero GUID means "no profile". */
export const settingsProfiles = pgTable(
  'settings_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    applicationVersion: integer('application_version').notNull().default(0),
    /** The profile's settings as SettingName → Value text (spec 03 §3). */
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    /** message0..2: URL, protocol, endpointID and trigger values. */
    messages: jsonb('messages').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('settings_profiles_customer_idx').on(t.customerId)],
);

/** Endpoints are identified by GUIDs; the all-zero GUID means "unknown endpoint". */
export const endpoints = pgTable(
  'endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id').references(() => customers.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** 1 HTTP, 3 TCP. */
    protocol: smallint('protocol').notNull(),
  },
  (t) => [index('endpoints_customer_idx').on(t.customerId)],
);

/** The CAN protocol library (QTLibrary). */
export const canConfigs = pgTable('can_configs', {
  id: serial('id').primaryKey(),
  protocol: text('protocol').notNull(),
  version: text('version').notNull(),
  brand: text('brand').notNull(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  deviceType: smallint('device_type').notNull(),
  filename: text('filename'),
});

/** Add-on board firmware (booter and application images). */
export const firmwares = pgTable('firmwares', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  filename: text('filename'),
  release: boolean('release').notNull().default(false),
  /** 1 Booter, 2 Application. */
  firmwareFlag: smallint('firmware_flag').notNull(),
  deviceType: smallint('device_type').notNull(),
  active: boolean('active').notNull().default(true),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/** A setting the portal wants a device to apply; Processed once the device acknowledged it. */
export const deviceSettings = pgTable(
  'device_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    settingName: text('setting_name').notNull(),
    value: text('value').notNull(),
    processed: boolean('processed').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    processedDate: timestamp('processed_date', { withTimezone: true }),
  },
  (t) => [
    index('device_settings_device_idx').on(t.deviceId, t.id),
    index('device_settings_pending_idx')
      .on(t.deviceId)
      .where(sql`not ${t.processed}`),
  ],
);

/** A modem command for a device; Executed once the device acknowledged it. */
export const modemRequests = pgTable(
  'modem_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    commandType: smallint('command_type').notNull().default(20),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    executed: timestamp('executed', { withTimezone: true }),
  },
  (t) => [
    index('modem_requests_device_idx').on(t.deviceId, t.id),
    index('modem_requests_pending_idx')
      .on(t.deviceId)
      .where(sql`${t.executed} is null`),
  ],
);

/** Which forward receives a device's messages of one type (TD, RT, TC, TL). */
export const deviceForwards = pgTable(
  'device_forwards',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    messageTypeId: integer('message_type_id')
      .notNull()
      .references(() => messageTypes.id),
    forwardId: integer('forward_id')
      .notNull()
      .references(() => forwards.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('device_forwards_slot_idx').on(t.deviceId, t.messageTypeId)],
);

/** A device's customer over time; `end` is null for the current one (at most one). */
export const customerConnections = pgTable(
  'customer_connections',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    start: timestamp('start', { withTimezone: true }).notNull().defaultNow(),
    end: timestamp('end', { withTimezone: true }),
  },
  (t) => [
    index('customer_connections_device_idx').on(t.deviceId),
    uniqueIndex('customer_connections_current_idx')
      .on(t.deviceId)
      .where(sql`${t.end} is null`),
  ],
);

/**
 * Per-customer totals for the dashboard, maintained by statement-level triggers on devices,
 * forwards and logs (migration 0004), so no request counts rows. customer_id 0: no customer.
 */
export const customerStats = pgTable('customer_stats', {
  customerId: integer('customer_id').primaryKey(),
  devices: integer('devices').notNull().default(0),
  devicesOutOfSync: integer('devices_out_of_sync').notNull().default(0),
  forwards: integer('forwards').notNull().default(0),
  logs: integer('logs').notNull().default(0),
});
