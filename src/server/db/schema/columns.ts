import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Binary content (tachograph and library files), as bytes on both drivers. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A 64-bit transaction id (`xid8`), as text on both drivers. The forwarding queue orders raw
 * messages by the transaction that wrote them (docs/decisions/046).
 */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});
