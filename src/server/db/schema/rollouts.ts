// Staged mass updates of the libraries (QTL, firmware, booter): docs/decisions/041.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { customers } from './tenants';

/** One mass update: what it sets, how it is staged, where it stands. */
export const rollouts = pgTable(
  'rollouts',
  {
    id: serial('id').primaryKey(),
    /** qtl, firmware or booter (shared/rollouts.ts). */
    kind: text('kind').notNull(),
    settingName: text('setting_name').notNull(),
    /** The protocol code or firmware version devices move to. */
    target: text('target').notNull(),
    /** QTL: the protocol code devices move from. */
    fromValue: text('from_value'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Kept as text in `target`, so deleting the firmware later keeps the record readable. */
    firmwareId: integer('firmware_id'),
    description: text('description').notNull(),
    /** running, paused, completed or cancelled. */
    state: text('state').notNull().default('running'),
    pauseReason: text('pause_reason'),
    /** 0 canary, 1 rest. */
    stage: smallint('stage').notNull().default(0),
    canaryPercent: smallint('canary_percent').notNull(),
    failureThresholdPercent: smallint('failure_threshold_percent').notNull(),
    stageTimeoutMinutes: integer('stage_timeout_minutes').notNull(),
    includeOffline: boolean('include_offline').notNull(),
    /** Failures of the current stage an admin resumed past: the threshold counts the others. */
    acceptedFailures: integer('accepted_failures').notNull().default(0),
    /** Devices in scope left out at the start, per reason (SKIPPED_GROUPS and offline). */
    skipped: jsonb('skipped').$type<Record<string, number>>().notNull().default({}),
    /** When the current stage started or was last resumed: its timeout counts from here. */
    stageStartedAt: timestamp('stage_started_at', { withTimezone: true }).notNull().defaultNow(),
    canaryStartedAt: timestamp('canary_started_at', { withTimezone: true }),
    canaryFinishedAt: timestamp('canary_finished_at', { withTimezone: true }),
    restStartedAt: timestamp('rest_started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rollouts_running_idx')
      .on(t.id)
      .where(sql`${t.state} = 'running'`),
    check(
      'rollouts_state_check',
      sql`${t.state} in ('running', 'paused', 'completed', 'cancelled')`,
    ),
  ],
);

/** A device of a rollout and its way through it (shared/rollout-views.ts, DEVICE_STATES). */
export const rolloutDevices = pgTable(
  'rollout_devices',
  {
    // No foreign keys on this table: a start writes one row per device (100,000 at fleet scale)
    // and each key would check every row; rollouts and devices are never deleted, and a
    // setting_id whose setting is gone reads as removed (docs/decisions/044).
    rolloutId: integer('rollout_id').notNull(),
    deviceId: integer('device_id').notNull(),
    stage: smallint('stage').notNull(),
    state: text('state').notNull().default('waiting'),
    /** The pending setting made for it when its stage was released. */
    settingId: bigint('setting_id', { mode: 'number' }),
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.deviceId] }),
    // Stage counts without reading the rows.
    index('rollout_devices_counts_idx').on(t.rolloutId, t.stage, t.state),
    index('rollout_devices_setting_idx')
      .on(t.settingId)
      .where(sql`${t.settingId} is not null`),
    check(
      'rollout_devices_state_check',
      sql`${t.state} in ('waiting', 'pending', 'sent', 'downloading', 'applied', 'failed', 'cancelled')`,
    ),
  ],
);
