// The installation test (spec 03 §2, §3): per-device test settings, runs and stored results.

/** An item as stored with a result (docs/installation-test.md). */
export interface StoredTestItem {
  key: string;
  title: string;
  desc: string;
  value: string;
  state: number;
  confirmedBy?: string;
  confirmedAt?: string;
  note?: string;
}
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from './tenants';
import { configurationGroups, devices } from './fleet';
import { createdAt } from './columns';

/** The configuration an installer chose for a device's test; one row per device. */
export const deviceTestSettings = pgTable(
  'device_test_settings',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    configurationGroupId: integer('configuration_group_id').references(
      () => configurationGroups.id,
    ),
    /** CAN protocol code (spec: CanProtocol or Protocol). */
    protocol: text('protocol'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_test_settings_device_idx').on(t.deviceId),
    index('device_test_settings_imei_idx').on(t.imei),
    index('device_test_settings_customer_idx').on(t.customerId),
  ],
);

/** A finished installation test with every field of spec 03 §3's device test result. */
export const deviceTestResults = pgTable(
  'device_test_results',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** The customer the device was tested for: scopes who may read the result. */
    customerId: integer('customer_id').references(() => customers.id),
    customerName: text('customer_name').notNull(),
    imei: text('imei').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    timeStamp: timestamp('time_stamp', { withTimezone: true }).notNull().defaultNow(),
    validConnection: boolean('valid_connection').notNull(),
    validTimeStamp: boolean('valid_time_stamp').notNull(),
    validIgnState: boolean('valid_ign_state').notNull(),
    validPosition: boolean('valid_position').notNull(),
    validOdo: boolean('valid_odo').notNull(),
    validVin: boolean('valid_vin').notNull(),
    validIbutton: boolean('valid_ibutton').notNull(),
    validIo1State: boolean('valid_io1_state').notNull(),
    /** 'TEST OK' or 'FAILED'. */
    testResult: text('test_result').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    satCount: integer('sat_count'),
    odo: doublePrecision('odo'),
    vin: text('vin'),
    ibuttonActive: boolean('ibutton_active'),
    ibutton: text('ibutton'),
    privateSwitchActive: boolean('private_switch_active'),
    /** The run this result ended (null for results stored before runs were kept). */
    runId: integer('run_id'),
    /** Every item of the test with its value, state and, when a person decided it, who and when. */
    items: jsonb('items').$type<StoredTestItem[]>().notNull().default([]),
  },
  (t) => [
    index('device_test_results_customer_idx').on(t.customerId, t.timeStamp),
    index('device_test_results_imei_idx').on(t.imei),
  ],
);

/**
 * One run of a device's installation test, from its start (setactive) to its result, a stop, a
 * restart or the idle limit. Its key is the client's (a UUID), so a start queued offline and
 * replayed is the same run; verdicts, photos and the signature belong to a run.
 */
export const deviceTestRuns = pgTable(
  'device_test_runs',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    settingsId: integer('settings_id')
      .notNull()
      .references(() => deviceTestSettings.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The items of this run, from the device's configuration when it started. */
    plan: jsonb('plan').$type<string[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The installer's last sign of life (start, verdict, page joined): the idle limit counts from it. */
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'finished', 'stopped', 'restarted' or 'expired'. */
    endReason: text('end_reason'),
    resultId: integer('result_id').references(() => deviceTestResults.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('device_test_runs_key_idx').on(t.key),
    index('device_test_runs_running_idx')
      .on(t.deviceId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** A person's verdict on an item of a run, bound to the value judged (docs/installation-test.md). */
export const deviceTestVerdicts = pgTable(
  'device_test_verdicts',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => deviceTestRuns.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    value: text('value').notNull(),
    state: smallint('state').notNull(),
    note: text('note'),
    /** When the installer made it (their clock), the merge order. */
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
  },
  (t) => [index('device_test_verdicts_run_idx').on(t.runId)],
);
