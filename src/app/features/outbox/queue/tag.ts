import { onlineManager } from '@tanstack/react-query';
import type { RequestOptions } from '@app/lib/api-client';
import { readSession } from '@app/lib/session';
import { randomUuid } from '@app/lib/uuid';
import { IDEMPOTENCY_HEADER } from '@shared/api/idempotency';

/**
 * What the outbox stores with every queued write's variables: the id made when the user made the
 * change (sent as the Idempotency-Key on every attempt), who made it, and when.
 */
export interface OutboxTag {
  id: string;
  userId: number;
  createdAt: number;
}

/** Variables of a device write; `outbox` is set by `submitWrite`. */
export interface DeviceWriteVariables {
  deviceId: number;
  imei: string;
  outbox?: OutboxTag;
}

export type Tagged<TVariables> = TVariables & { outbox: OutboxTag };

/** Tags a change for the signed-in user; null when nobody is signed in. */
export function tagChange<TVariables extends DeviceWriteVariables>(
  variables: TVariables,
  now = Date.now(),
): Tagged<TVariables> | null {
  const userId = readSession()?.auth.Id;
  if (userId === undefined) return null;
  return { ...variables, outbox: { id: randomUuid(), userId, createdAt: now } };
}

export const tagOf = (variables: unknown): OutboxTag | undefined => {
  if (typeof variables !== 'object' || variables === null || !('outbox' in variables)) return;
  const tag = variables.outbox;
  return typeof tag === 'object' && tag !== null && 'id' in tag ? (tag as OutboxTag) : undefined;
};

// Changes that waited (offline, behind another change, restored after a reload) are replays:
// they report in the Outbox screen, not with a toast per call.
const replays = new Set<string>();

export function markReplay(variables: unknown): void {
  const tag = tagOf(variables);
  if (tag) replays.add(tag.id);
}

export const isReplay = (variables: unknown): boolean => {
  const tag = tagOf(variables);
  return tag !== undefined && replays.has(tag.id);
};

/** Thrown instead of sending a change that belongs to another (or no) signed-in user. */
export class NotOwnerError extends Error {
  override readonly name = 'NotOwnerError';
  constructor() {
    super('This change belongs to another session');
  }
}

/**
 * An attempt that gets no answer in this time is given up as a network error and retried under
 * the same key: a connection that died silently (a phone changing cells) would otherwise hold the
 * device's whole queue forever.
 */
export const WRITE_TIMEOUT_MS = 30_000;

/** What an attempt was given up for; not an AbortError, so the api client calls it "no answer". */
const giveUpReason = (why: string) => new DOMException(why, 'TimeoutError');

/**
 * Sends one attempt of a change: the change's id as Idempotency-Key, no failure toasts for
 * replays, and no waiting past the time limit or once the app knows it is offline (the change
 * then pauses and is sent again on reconnect). Only ever with the token of the user who made it.
 */
export async function sendWrite<T>(
  variables: DeviceWriteVariables,
  call: (options: RequestOptions) => Promise<T>,
): Promise<T> {
  const tag = variables.outbox;
  if (!tag) return call({});
  if (readSession()?.auth.Id !== tag.userId) throw new NotOwnerError();
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(giveUpReason('No answer in time'));
  }, WRITE_TIMEOUT_MS);
  const unsubscribe = onlineManager.subscribe((online) => {
    if (!online) controller.abort(giveUpReason('Offline'));
  });
  try {
    return await call({
      headers: { [IDEMPOTENCY_HEADER]: tag.id },
      notify: !isReplay(variables),
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}
