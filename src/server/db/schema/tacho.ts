// Tachograph: downloaded files and their records, remote download requests, company cards and
// the authentication servers remote downloads go through (spec 03 §3, spec 02 §3).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './tenants';
import { devices } from './fleet';
import { modemRequests } from './device-work';
import { bytea } from './columns';

/** An authentication server: where a remote download authenticates with the company card. */
export const authServers = pgTable(
  'auth_servers',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    name: text('name').notNull(),
    ip: text('ip').notNull(),
    devicePort: integer('device_port').notNull(),
    port: integer('port').notNull(),
    username: text('username'),
    /** Sealed with the secret box, like forward secrets; never answered. */
    password: text('password'),
    /** 0 Server Down, 1 Server Up & Running. */
    status: smallint('status').notNull().default(1),
    /** Where the server passes the downloaded data on (shown in the Forward column). */
    forward: text('forward'),
  },
  (t) => [index('auth_servers_customer_idx').on(t.customerId)],
);

/** A company card: it authorises remote downloads of its customer's vehicles. */
export const companyCards = pgTable(
  'company_cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    authServerId: integer('auth_server_id')
      .notNull()
      .references(() => authServers.id),
    cardNumber: text('card_number').notNull(),
    companyName: text('company_name').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('company_cards_customer_idx').on(t.customerId),
    index('company_cards_auth_server_idx').on(t.authServerId),
  ],
);

/** The devices a company card serves (its Devices list of IMEIs). */
export const companyCardDevices = pgTable(
  'company_card_devices',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => companyCards.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.deviceId] }),
    index('company_card_devices_device_idx').on(t.deviceId),
  ],
);

/**
 * A remote download the portal asked a device for: progress is requested (created), sent (the
 * device acknowledged the modem request) and file received (`file_id`).
 */
export const tachoRequests = pgTable(
  'tacho_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 1 vehicle mass memory, 2 driver card (TACHO_KINDS). */
    kind: smallint('kind').notNull(),
    /** The driver card asked for (kind 2). */
    cardNumber: text('card_number'),
    modemRequestId: bigint('modem_request_id', { mode: 'number' }).references(
      () => modemRequests.id,
      { onDelete: 'set null' },
    ),
    /** 'user:{id}' or 'scheduler'. */
    requestedBy: text('requested_by').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    fileId: bigint('file_id', { mode: 'number' }),
    received: timestamp('received', { withTimezone: true }),
  },
  (t) => [
    index('tacho_requests_device_idx').on(t.deviceId, t.id),
    index('tacho_requests_card_idx').on(t.cardNumber, t.id),
  ],
);

/** A tachograph download: the record of spec 03 §3, read from the file itself. */
export const tachoFiles = pgTable(
  'tacho_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The device's customer when the file arrived. */
    customerId: integer('customer_id').references(() => customers.id),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei'),
    /** 1 vehicle unit (mass memory), 2 driver card (TACHO_KINDS). */
    kind: smallint('kind').notNull(),
    licensePlate: text('license_plate'),
    /** The registering member state's code (e.g. 'NL'). */
    nation: text('nation'),
    vin: text('vin'),
    driverName: text('driver_name'),
    cardNumber: text('card_number'),
    fileName: text('file_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Unknown period: 1990-01-01T00:00:00Z (TACHO_UNKNOWN_PERIOD). */
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    /** VALID_STATES of spec 03 §4. */
    validState: smallint('valid_state').notNull(),
    size: integer('size').notNull(),
    requestId: bigint('request_id', { mode: 'number' }),
  },
  (t) => [
    index('tacho_files_kind_idx').on(t.kind, t.id),
    index('tacho_files_customer_idx').on(t.customerId, t.kind, t.id),
    index('tacho_files_plate_idx').on(t.kind, t.licensePlate, t.periodTo),
    index('tacho_files_driver_idx').on(t.kind, t.driverName, t.periodTo),
    index('tacho_files_device_idx').on(t.deviceId, t.id),
    // A driver card's latest file: the device a card download request goes to.
    index('tacho_files_card_idx')
      .on(t.cardNumber, t.id)
      .where(sql`${t.kind} = 2`),
  ],
);

/** The file's bytes, apart from its record so list and overview queries stay narrow. */
export const tachoFileContents = pgTable('tacho_file_contents', {
  fileId: bigint('file_id', { mode: 'number' })
    .primaryKey()
    .references(() => tachoFiles.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/**
 * The latest download per vehicle (licence plate) or driver (name) and customer, kept on insert:
 * the overviews page through this instead of grouping millions of records.
 */
export const tachoLatest = pgTable(
  'tacho_latest',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: smallint('kind').notNull(),
    /** Customer 0 stands for none, so the unique key needs no null handling. */
    customerKey: integer('customer_key').notNull(),
    /** The licence plate (kind 1) or driver name (kind 2). */
    subject: text('subject').notNull(),
    /**
     * The subject in lower case, for the overviews' "contains" search: LIKE on it costs less than
     * half of ILIKE on the subject, which folds case row by row (decision 039).
     */
    subjectFolded: text('subject_folded').generatedAlwaysAs(sql`lower(subject)`),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => tachoFiles.id, { onDelete: 'cascade' }),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    // The record's fields, copied from tacho_files by a trigger (migration 0015) on insert and
    // when file_id changes: the overviews page and search without reading the records table.
    customerId: integer('customer_id'),
    deviceId: integer('device_id'),
    fileName: text('file_name'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    periodFrom: timestamp('period_from', { withTimezone: true }),
    validState: smallint('valid_state'),
    imei: text('imei'),
    cardNumber: text('card_number'),
    vin: text('vin'),
    licensePlate: text('license_plate'),
    driverName: text('driver_name'),
  },
  (t) => [
    uniqueIndex('tacho_latest_subject_idx').on(t.kind, t.customerKey, t.subject),
    index('tacho_latest_kind_idx').on(t.kind, t.id),
    // The overviews' order (most urgent first) within one customer, and the due vehicles.
    index('tacho_latest_customer_idx').on(t.customerKey, t.kind, t.periodTo, t.id),
    index('tacho_latest_due_idx').on(t.kind, t.periodTo, t.id),
    // The overviews' plate and driver search ("contains"), also for rare fragments.
    index('tacho_latest_subject_folded_trgm_idx').using('gin', t.subjectFolded.op('gin_trgm_ops')),
    index('tacho_latest_imei_trgm_idx').using('gin', t.imei.op('gin_trgm_ops')),
    index('tacho_latest_card_trgm_idx').using('gin', t.cardNumber.op('gin_trgm_ops')),
  ],
);

/**
 * How many records each customer (0: none) has per kind, kept by statement-level triggers on
 * tacho_files (migration 0015) so the download lists' `all/` never counts millions of rows.
 */
export const tachoFileCounts = pgTable(
  'tacho_file_counts',
  {
    customerKey: integer('customer_key').notNull(),
    kind: smallint('kind').notNull(),
    files: bigint('files', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerKey, t.kind] })],
);
