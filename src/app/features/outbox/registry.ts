import type { MutationKey, MutationOptions, QueryFunction, QueryKey } from '@tanstack/react-query';
import type { OutboxEntry } from './model/entries';
import type { DeviceWriteVariables } from './queue/tag';

/**
 * The offline writes of every feature, registered by the feature that owns them: the outbox
 * itself knows no kind of write. A feature describes each write once (its mutation options, how
 * the Outbox screen names it, and what a sent one then waits for on the device), and the app
 * registers them before the outbox restores a stored queue (src/app/start-outbox.ts).
 */

/** What a sent change waits for on the device, and where the device shows it. */
export interface FollowUp<TData, TKey extends QueryKey = QueryKey> {
  /** The badge once the device has done it; 'Sent · awaiting device' until then. */
  done: 'executed' | 'processed';
  /** The device data to look at (a query's options), polled while a sent change waits. */
  query: (imei: string) => { queryKey: TKey; queryFn?: QueryFunction<TData, TKey> };
  isDone: (entry: OutboxEntry, data: TData) => boolean;
}

/** Types a follow-up, its query key inferred from the query options it names. */
export const followUp = <TData, TKey extends QueryKey>(
  definition: FollowUp<TData, TKey>,
): FollowUp<TData, TKey> => definition;

export interface OfflineWrite<
  TVariables extends DeviceWriteVariables,
  TResult,
  TData,
  TKey extends QueryKey,
> {
  /** The write's mutation options; the second element of its key names the kind. */
  options: () => MutationOptions<TResult, Error, TVariables> & { mutationKey: MutationKey };
  /** Title and one line of detail, as the Outbox screen and a device's notice show it. */
  describe: (variables: TVariables) => [title: string, detail: string];
  followUp?: FollowUp<TData, TKey>;
}

/** A write as registered, its types erased: the outbox only ever hands it its own variables. */
export interface WriteDefinition {
  options: () => MutationOptions<unknown, Error, never> & { mutationKey: MutationKey };
  describe: (variables: DeviceWriteVariables & Record<string, unknown>) => [string, string];
  followUp?: FollowUp<unknown>;
}

export interface RegisteredWrite extends WriteDefinition {
  kind: string;
}

/** Types one write for `registerOfflineWrites`, checked against its own variables and data. */
export function offlineWrite<
  TVariables extends DeviceWriteVariables,
  TResult = unknown,
  TData = unknown,
  TKey extends QueryKey = QueryKey,
>(write: OfflineWrite<TVariables, TResult, TData, TKey>): WriteDefinition {
  return write as unknown as WriteDefinition;
}

const writes = new Map<string, RegisteredWrite>();

const kindOf = (key: MutationKey): string => {
  const kind: unknown = key[1];
  if (typeof kind !== 'string') throw new Error(`An offline write needs a kind: ${String(kind)}`);
  return kind;
};

/** Registers a feature's offline writes (again: the same kind is replaced, not doubled). */
export function registerOfflineWrites(list: readonly WriteDefinition[]): void {
  for (const write of list) {
    const kind = kindOf(write.options().mutationKey);
    writes.set(kind, { ...write, kind });
  }
}

export const registeredWrites = (): RegisteredWrite[] => [...writes.values()];

export const registeredWrite = (kind: string): RegisteredWrite | undefined => writes.get(kind);
