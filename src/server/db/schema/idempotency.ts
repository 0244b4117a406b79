// Idempotency keys of replayed writes (issue 4, docs/decisions): key → stored response.
import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './tenants';
import { createdAt } from './columns';

/**
 * One row per (user, Idempotency-Key). The row is inserted in the same transaction as the write
 * it guards, so a concurrent replay of the same key waits on the primary key and then reads the
 * stored response. Rows are kept at least 30 days (pruned by `created_at`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Hash of method, path and body: the same key with another request is refused (422). */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    /** The response body exactly as first sent. */
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
