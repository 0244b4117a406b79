// Devices and what they report, plus the counters the dashboard reads.
import { sql } from 'drizzle-orm';
import { EMPTY_GUID } from '@shared/devices/constants';

import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { customers } from './tenants';
import { createdAt, xid8 } from './columns';
import { wantedProfileSql } from './wanted-profile';

const endpointSlots = (config: string) =>
  `array_remove(array_remove(array[${[0, 1, 2]
    .map((slot) => `lower(${config} ->> 'endpoint${String(slot)}ID')`)
    .join(', ')}], null), '${EMPTY_GUID}')`;

/** settingsProfileID of a configuration, lowercased; the empty GUID reads as '' (none). */
const profileSlot = (config: string) =>
  `nullif(lower(${config} ->> 'settingsProfileID'), '${EMPTY_GUID}')`;

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
    /**
     * Copies of applied-configuration values that lists show or search (firmware, CAN protocol
     * code, APN, booter and CAN versions), kept by mergeCurrentConfig: reading them out of the
     * wide `current_config` costs a de-TOAST per value and row (docs/decisions/021).
     */
    firmware: text('firmware'),
    protocolCode: text('protocol_code'),
    apn: text('apn'),
    booterVersion: text('booter_version'),
    can1Version: text('can1_version'),
    can2Version: text('can2_version'),
    note: text('note'),
    name: text('name'),
    inSync: boolean('in_sync').notNull().default(true),
    /** The configuration the device last reported (applied). */
    currentConfig: jsonb('current_config').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * What the portal lays over the applied configuration: its pending settings and the failed
     * ones no later setting superseded (devices/sync.ts). The configuration the portal wants
     * is `current_config || config_overlay` (db/wanted-config.ts); `{}` when in sync. Kept apart
     * from the wide applied configuration so that changing a setting writes a few bytes, not
     * the whole compressed configuration (docs/decisions/045).
     */
    configOverlay: jsonb('config_overlay').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The endpoints the device uses (endpoint0..2ID, lowercased, without the empty GUID), of the
     * applied configuration and of the overlay: kept by PostgreSQL, so no writer can forget
     * them; each from one column, so a setting's change never reads the applied configuration.
     */
    appliedEndpointIds: text('applied_endpoint_ids')
      .array()
      .notNull()
      .generatedAlwaysAs(sql.raw(endpointSlots('current_config'))),
    overlayEndpointIds: text('overlay_endpoint_ids')
      .array()
      .notNull()
      .generatedAlwaysAs(sql.raw(endpointSlots('config_overlay'))),
    /**
     * settingsProfileID of the applied configuration and of the overlay ('' for none, null when
     * the overlay does not name one): the wanted profile is the overlay's, else the applied one
     * (schema/wanted-profile.ts, indexed).
     */
    appliedProfileId: text('applied_profile_id').generatedAlwaysAs(
      sql.raw(profileSlot('current_config')),
    ),
    overlayProfileId: text('overlay_profile_id').generatedAlwaysAs(
      sql.raw(profileSlot('config_overlay')),
    ),
    /** Latest telemetry (VIN, position, ignition, …). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    lastMsg: timestamp('last_msg', { withTimezone: true }),
    lastDownload: timestamp('last_download', { withTimezone: true }),
    /**
     * The device-link credential, encrypted with the server's secrets key (auth/secret-box.ts):
     * the server needs it in clear to check a message's HMAC (docs/device-protocol.md). Null:
     * the device cannot talk until an admin issues one.
     */
    credential: text('credential'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_imei_idx').on(t.imei),
    index('devices_customer_idx').on(t.customerId),
    index('devices_configuration_group_idx').on(t.configurationGroupId),
    index('devices_protocol_code_idx').on(t.protocolCode),
    // Narrow enough for index-only counts of an endpoint's devices per customer (Devices column).
    index('devices_endpoint_usage_idx').on(
      t.customerId,
      t.appliedEndpointIds,
      t.overlayEndpointIds,
    ),
    // A profile's devices (re-target, preview, delete) and their counts per scope.
    index('devices_settings_profile_idx')
      .on(sql.raw(wantedProfileSql()), t.customerId)
      .where(sql.raw(`${wantedProfileSql()} is not null`)),
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
    /**
     * The message type (MESSAGE_TYPE_IDS) that routes it to a forward; null: not forwarded (not
     * a JSON object, or an unknown type). docs/device-protocol.md "Message types".
     */
    messageType: smallint('message_type'),
    /**
     * The writing transaction. The forwarding queue reads in (xid, id) order below the oldest
     * running transaction, so a message committed late is never skipped (decision 046). Rows
     * from before forwarding existed hold 0.
     */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('raw_messages_imei_id_idx').on(t.imei, t.id),
    index('raw_messages_xid_id_idx').on(t.xid, t.id),
  ],
);

/**
 * The raw messages' texts for "contains" search, copied behind the device link by a background
 * indexer (modules/raw-messages/search-indexer.ts), so no trigram index slows the ingest path
 * (docs/decisions/032). Every raw message up to the highest id here is in it.
 */
export const rawMessageSearch = pgTable(
  'raw_message_search',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    message: text('message').notNull(),
  },
  (t) => [index('raw_message_search_trgm_idx').using('gin', t.message.op('gin_trgm_ops'))],
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
  (t) => [
    index('logs_customer_idx').on(t.customerId),
    index('logs_time_idx').on(t.timeStamp),
    // The Log screen's searches: Message contains, Level equals (newest first within a level).
    index('logs_message_trgm_idx').using('gin', t.message.op('gin_trgm_ops')),
    index('logs_level_id_idx').on(t.level, t.id),
  ],
);

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
