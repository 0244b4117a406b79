// Custom test data: downloadable files per customer (spec 03 §2, §3, §7).
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { customers } from './tenants';

/**
 * A customer's test data file with its bytes. A table of its own, not `library_files`: those
 * are the files devices fetch over the device link, owned by no customer; these belong to a
 * customer (tenancy on every read) and never reach a device. The bytes stay in the row: lists
 * select the other columns only, and PostgreSQL keeps large values out of line (TOAST).
 */
export const customTestData = pgTable(
  'custom_test_data',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the bytes, lower-case hex. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A download saves under the name: one file of a name (any case) per customer. Its first
    // column serves the lists of a customer's files too.
    uniqueIndex('custom_test_data_customer_name_idx').on(t.customerId, sql`lower(${t.fileName})`),
  ],
);
