import type { OutgoingMessage } from './types';

/**
 * Small helpers the senders share: one send at a time per forward, a batch split by device (order
 * kept), and a bounded number of devices in flight at once.
 */

/** Runs tasks one after another, in call order, whatever the previous one's outcome. */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The batch's messages per IMEI, each device's in batch order, devices in order of first seen. */
export function byDevice(batch: readonly OutgoingMessage[]): Map<string, OutgoingMessage[]> {
  const devices = new Map<string, OutgoingMessage[]>();
  for (const message of batch) {
    const list = devices.get(message.imei);
    if (list) list.push(message);
    else devices.set(message.imei, [message]);
  }
  return devices;
}

/**
 * Runs `task` for every item, at most `limit` at once, and waits for all of them; rejects with the
 * first failure once every task has settled (so no task is left running behind a rejection).
 */
export async function inParallel<T>(
  items: Iterable<T>,
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const failures: unknown[] = [];
  const worker = async () => {
    for (let next = iterator.next(); next.done !== true; next = iterator.next()) {
      try {
        await task(next.value);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failures.length > 0) throw failures[0];
}
