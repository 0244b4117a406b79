// The installation test (spec 03 §2, §3): per-device test settings and stored results.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
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
  },
  (t) => [
    index('device_test_results_customer_idx').on(t.customerId, t.timeStamp),
    index('device_test_results_imei_idx').on(t.imei),
  ],
);
