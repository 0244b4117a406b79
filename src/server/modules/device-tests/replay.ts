import type { DbOrTx } from '@server/db/client';
import { messagesOfRun, verdictsOfRun, type RunRow } from './runs-repository';
import { TestSession } from './session';

/** A run's session as its stored evidence says: the device's messages since it began, its verdicts. */
export async function replayRun(db: DbOrTx, run: RunRow): Promise<TestSession> {
  const session = new TestSession(run);
  for (const message of await messagesOfRun(db, run))
    session.take(message.id, message.at, message.validJson ? parseObject(message.message) : null);
  session.addVerdicts(await verdictsOfRun(db, run.id));
  return session;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
