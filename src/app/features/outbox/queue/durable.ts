/**
 * Writes the outbox to IndexedDB now; set by registerOfflineMutations. A change is only reported
 * as saved to the Outbox once this has finished, so a reload right after cannot lose it.
 */
let flush: () => Promise<void> = () => Promise.resolve();

export function setOutboxFlush(next: () => Promise<void>): void {
  flush = next;
}

export const persistOutboxNow = (): Promise<void> => flush();
