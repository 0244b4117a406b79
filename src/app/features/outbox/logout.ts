import type { QueryClient } from '@tanstack/react-query';
import { readSession } from '@app/lib/session';
import { forgetPersistedQueries } from '@app/lib/query-persistence';
import { endServerSession, signOut } from '@app/features/auth';
import { isOpen, toEntry } from './model/entries';
import { discardOutboxOfOwner } from './register';
import { isOutboxMutation } from './queue/storage';

/** Whether logging out would lose changes that never reached the server. */
export const hasUnsentChanges = (client: QueryClient): boolean =>
  client
    .getMutationCache()
    .getAll()
    .some((mutation) => isOutboxMutation(mutation) && isOpen(toEntry(mutation)));

/**
 * Logout ends the session on the server first (best effort offline), then resets all client-held
 * data (spec 01 §2.4): the user's outbox and the saved query cache too (after signOut, so a
 * pending save cannot write it back).
 */
export async function logOutDiscardingOutbox(client: QueryClient): Promise<void> {
  const session = readSession();
  const userId = session?.auth.Id;
  await endServerSession(session?.token);
  await discardOutboxOfOwner();
  signOut(client);
  if (userId !== undefined) await forgetPersistedQueries(userId).catch(() => undefined);
}
