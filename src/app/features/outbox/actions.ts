import { MutationObserver, type Mutation, type QueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from './model/entries';
import { isOutboxMutation } from './queue/storage';

const mutationOf = (client: QueryClient, entry: Pick<OutboxEntry, 'mutationId'>) =>
  client
    .getMutationCache()
    .getAll()
    .find((m) => m.mutationId === entry.mutationId);

/** Sends a change again under its own id (a refused write is not recorded, so the key is free). */
function resend(client: QueryClient, mutation: Mutation, variables: unknown) {
  client.getMutationCache().remove(mutation);
  const observer = new MutationObserver<unknown, Error, unknown>(client, {
    mutationKey: mutation.options.mutationKey,
    scope: mutation.options.scope,
  });
  observer.mutate(variables).catch(() => undefined);
}

export function retryEntry(client: QueryClient, entry: OutboxEntry): void {
  const mutation = mutationOf(client, entry);
  if (mutation) resend(client, mutation, mutation.state.variables);
}

/** Keep mine: send the change anyway, now knowing (and accepting) the server's values. */
export function keepMine(client: QueryClient, entry: OutboxEntry): void {
  const mutation = mutationOf(client, entry);
  const failure = entry.failure;
  if (!mutation || failure?.kind !== 'conflict') return;
  const base = { ...(entry.variables.base as Record<string, string> | undefined) };
  for (const conflict of failure.conflicts) base[conflict.SettingName] = conflict.theirs;
  resend(client, mutation, { ...entry.variables, base });
}

/** Discard (also "take theirs"): the change leaves the outbox unsent. */
export function discardEntry(client: QueryClient, entry: Pick<OutboxEntry, 'mutationId'>): void {
  const mutation = mutationOf(client, entry);
  if (mutation) client.getMutationCache().remove(mutation);
}

/** Clears the sent changes from the list. */
export function clearSent(client: QueryClient): void {
  const cache = client.getMutationCache();
  for (const mutation of cache.getAll()) {
    if (isOutboxMutation(mutation) && mutation.state.status === 'success') cache.remove(mutation);
  }
}
