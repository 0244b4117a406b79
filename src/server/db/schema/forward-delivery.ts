// Forward delivery (issue 15, decision 046): each forward's position in the raw messages, its
// lease, health and counters, and operators' replays. The raw messages are the queue.
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { xid8 } from './columns';
import { forwards } from './forwards';

export const forwardCursors = pgTable('forward_cursors', {
  forwardId: integer('forward_id')
    .primaryKey()
    .references(() => forwards.id, { onDelete: 'cascade' }),
  /** Every raw message before (xid, id) in (xid, id) order is delivered, given up or not its. */
  positionXid: xid8('position_xid').notNull(),
  positionId: bigint('position_id', { mode: 'number' }).notNull().default(0),
  /** The server instance delivering for this forward, until `leaseUntil`. */
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** Failed attempts in a row; 0 while delivering. */
  attempts: integer('attempts').notNull().default(0),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  /** Measured by the lease holder every few seconds. */
  backlog: integer('backlog').notNull().default(0),
  backlogCapped: boolean('backlog_capped').notNull().default(false),
  oldestWaitingAt: timestamp('oldest_waiting_at', { withTimezone: true }),
});

/** Delivered, failed and given-up messages per forward in 5-minute buckets (two days kept). */
export const forwardCounters = pgTable(
  'forward_counters',
  {
    forwardId: integer('forward_id')
      .notNull()
      .references(() => forwards.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    givenUp: integer('given_up').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.forwardId, t.bucket] })],
);

/** A time window of a forward's messages sent again, marked as replayed. */
export const forwardReplays = pgTable(
  'forward_replays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    forwardId: integer('forward_id')
      .notNull()
      .references(() => forwards.id, { onDelete: 'cascade' }),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    /** The raw message id range that holds the window (found once, by the primary key). */
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    /** Sent up to this raw message id. */
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    total: integer('total').notNull(),
    sent: integer('sent').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('forward_replays_open_idx')
      .on(t.forwardId)
      .where(sql`done_at is null`),
  ],
);
