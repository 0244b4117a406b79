import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

// A database of its own: the outbox keeps its queue elsewhere, so dropping this never loses it.
const DATABASE = 'fleet-portal-query-cache';
const STORE = 'clients';

let store: UseStore | undefined;
// Opened on first use, not at import: module loading must not touch IndexedDB.
const queryStore = (): UseStore => (store ??= createStore(DATABASE, STORE));

export interface ThrottledPersister extends Persister {
  /** Writes a pending save now (e.g. when the page is hidden). */
  flush: () => Promise<void>;
  /** Forgets a pending save without writing it. */
  cancel: () => void;
}

interface PersisterOptions {
  /**
   * Saves come after every cache change; they are written at most once per this interval. Short,
   * so what a screen fetched is on disk soon after it shows (an app may be killed at any time).
   */
  throttleMs?: number;
  /** Checked right before writing: false skips the write (say, the owner signed out meanwhile). */
  mayWrite?: () => boolean;
  /** Shapes the client before it is written: once per write, not once per cache change. */
  prepare?: (client: PersistedClient) => PersistedClient;
}

/** A persister keeping one dehydrated QueryClient in IndexedDB (idb-keyval) under `key`. */
export function createIdbPersister(
  key: string,
  { throttleMs = 250, mayWrite = () => true, prepare = (client) => client }: PersisterOptions = {},
): ThrottledPersister {
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };

  const flush = async () => {
    const client = pending;
    cancel();
    if (client && mayWrite()) await set(key, prepare(client), queryStore());
  };

  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void flush(), throttleMs);
    },
    restoreClient: () => get<PersistedClient>(key, queryStore()),
    removeClient: async () => {
      cancel();
      await del(key, queryStore());
    },
    flush,
    cancel,
  };
}
