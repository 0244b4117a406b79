// The files of the libraries: CAN protocol configurations (QTLibrary) and firmware images.
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';

/**
 * An uploaded library file, apart from its library entry so the lists stay narrow. Devices
 * fetch it by id (docs/device-protocol.md) and check it against size and sha256.
 */
export const libraryFiles = pgTable('library_files', {
  id: serial('id').primaryKey(),
  size: integer('size').notNull(),
  /** SHA-256 of the bytes, lower-case hex. */
  sha256: text('sha256').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
