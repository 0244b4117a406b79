// Device configuration and the work queued for devices.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './tenants';
import { devices } from './fleet';
import { messageTypes, forwards } from './forwards';
import { createdAt } from './columns';
import type {
  ProfileMessage,
  ProfileSettingValues,
} from '@shared/settings-profiles/settings-profile-fields';
import { libraryFiles } from './library-files';

/** Settings profiles are identified by GUIDs; the all-zero GUID means "no profile". */
export const settingsProfiles = pgTable(
  'settings_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    /** Firmware ids (application, booter) the profile syncs; 0: no firmware sync. */
    applicationVersion: integer('application_version').notNull().default(0),
    booterVersion: integer('booter_version').notNull().default(0),
    /**
     * Wizard page 1 under the spec's profile names (spec 03 §3): booleans as 'True' / 'False',
     * the rest numbers (shared/settings-profile-fields.ts ProfileSettingValues).
     */
    settings: jsonb('settings').$type<ProfileSettingValues>().notNull(),
    /** message0..2 in slot order: index, URL, protocol, endpointID and trigger values. */
    messages: jsonb('messages').$type<ProfileMessage[]>().notNull(),
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
export const canConfigs = pgTable(
  'can_configs',
  {
    id: serial('id').primaryKey(),
    protocol: text('protocol').notNull(),
    version: text('version').notNull(),
    brand: text('brand').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    deviceType: smallint('device_type').notNull(),
    filename: text('filename'),
    /** The configuration file devices load; null for entries made before uploads existed. */
    fileId: integer('file_id').references(() => libraryFiles.id),
  },
  // A device names its protocol by code: one active entry per code and device type.
  (t) => [
    uniqueIndex('can_configs_active_protocol_idx')
      .on(t.protocol, t.deviceType)
      .where(sql`${t.active}`),
  ],
);

/** Add-on board firmware (booter and application images). */
export const firmwares = pgTable(
  'firmwares',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    filename: text('filename'),
    release: boolean('release').notNull().default(false),
    /** 1 Booter, 2 Application. */
    firmwareFlag: smallint('firmware_flag').notNull(),
    deviceType: smallint('device_type').notNull(),
    active: boolean('active').notNull().default(true),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /** The image devices load; null for entries made before uploads existed. */
    fileId: integer('file_id').references(() => libraryFiles.id),
  },
  // A device names its firmware by version: one per version, device type and flag.
  (t) => [uniqueIndex('firmwares_version_idx').on(t.version, t.deviceType, t.firmwareFlag)],
);

/** A setting the portal wants a device to apply; Processed once the device acknowledged it. */
export const deviceSettings = pgTable(
  'device_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a profile's re-target or a rollout's stage writes tens of thousands of
    // settings at once, and devices are never deleted (docs/decisions/045).
    deviceId: integer('device_id').notNull(),
    settingName: text('setting_name').notNull(),
    value: text('value').notNull(),
    processed: boolean('processed').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    processedDate: timestamp('processed_date', { withTimezone: true }),
    /** Why the device could not apply it (Ack.Failed); null when applied or still pending. */
    failure: text('failure'),
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
      .references(() => messageTypes.id, { onUpdate: 'cascade' }),
    forwardId: integer('forward_id')
      .notNull()
      .references(() => forwards.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('device_forwards_slot_idx').on(t.deviceId, t.messageTypeId),
    // A forward's Devices count and its removal (the cascade) find its slots without a scan.
    index('device_forwards_forward_idx').on(t.forwardId),
  ],
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
