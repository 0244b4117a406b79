import type { LogLevel } from '@shared/log/operator-log';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { logs } from '@server/db/schema';

/**
 * The middleware's log for operators (spec 02 "Log page"): what it did and refused, for the
 * people running it — device-link rejects, forward delivery failures, mass updates, sign-in
 * lock-outs and configuration changes with who made them. Every module writes it through
 * `writeOperatorLog`, so the Log screen and the dashboard's log count see all of it. Never a
 * secret in a message: name the object, not the value.
 */
export type OperatorLogLevel = LogLevel;

export interface OperatorLogEntry {
  level: OperatorLogLevel;
  message: string;
  /** The customer the entry concerns (the dashboard counts per customer); null for none. */
  customerId?: number | null;
}

const isList = (
  entries: OperatorLogEntry | readonly OperatorLogEntry[],
): entries is readonly OperatorLogEntry[] => Array.isArray(entries);

/**
 * Writes one entry, or several in one statement; pass the transaction of the change so entry
 * and change land together. The only writer of `logs` besides the seed.
 */
export async function writeOperatorLog(
  db: DbOrTx,
  entries: OperatorLogEntry | readonly OperatorLogEntry[],
): Promise<void> {
  const list = isList(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db.insert(logs).values(
    list.map((entry) => ({
      level: entry.level,
      message: entry.message.slice(0, 2000),
      customerId: entry.customerId ?? null,
    })),
  );
}

/** "by user 12": who made a change, for configuration-change entries. */
export const byCaller = (caller: Pick<Caller, 'userId'>): string => `by user ${caller.userId}`;
