import { useMutationState } from '@tanstack/react-query';
import { isOutboxMutation } from './queue/storage';
import { isOpen, toEntry, type OutboxEntry } from './model/entries';

/** Every change in the outbox (queued, failed, sent), live. */
export function useOutboxEntries(): OutboxEntry[] {
  return useMutationState({ filters: { predicate: isOutboxMutation }, select: toEntry });
}

/** The changes of one device. */
export function useDeviceOutbox(imei: string): OutboxEntry[] {
  return useOutboxEntries().filter((entry) => entry.imei === imei);
}

/** Queued and failed changes: the menu badge and the logout question. */
export function useOpenOutboxCount(): number {
  return useOutboxEntries().filter(isOpen).length;
}
