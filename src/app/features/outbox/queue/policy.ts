import { onlineManager } from '@tanstack/react-query';
import { ApiError } from '@app/lib/api-errors';
import { SettingsConflictError, type SettingConflict } from './conflicts';
import { NotOwnerError } from './tag';

/**
 * Answers that say "try again later" rather than "this change is wrong"; 409 is the server's
 * "this key's first request is still being written" (decision 017).
 */
const TRANSIENT_STATUSES = new Set([408, 409, 425, 429]);
// A server that keeps failing is shown in the failed list after this many attempts.
const MAX_SERVER_ERROR_ATTEMPTS = 8;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export const statusOf = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

/**
 * Network errors keep a change queued (React Query pauses it while the app is offline and resumes
 * it on reconnect); 5xx and "later" answers are retried for a while; a 4xx, a conflict or a 401
 * (the session ended: the queue waits for the same user) are not retried.
 */
export function shouldRetryWrite(failureCount: number, error: unknown): boolean {
  // An attempt the outbox gave up (no answer in time, or offline) while its answer was arriving.
  if (error instanceof DOMException && error.name === 'TimeoutError') return true;
  const status = statusOf(error);
  if (status === undefined) return false;
  if (status === 0) return true;
  if (status >= 500 || TRANSIENT_STATUSES.has(status)) {
    return failureCount < MAX_SERVER_ERROR_ATTEMPTS;
  }
  return false;
}

/**
 * No wait when the call found the app offline (the api client has asked /api/health by then): the
 * change pauses at once and resumes on reconnect. Otherwise back off from 1 s to 30 s.
 */
export const writeRetryDelay = (failureCount: number, error?: unknown): number =>
  statusOf(error) === 0 && !onlineManager.isOnline()
    ? 0
    : Math.min(FIRST_RETRY_MS * 2 ** Math.max(failureCount - 1, 0), MAX_RETRY_MS);

/**
 * Why a change is in the failed list, in a form that survives IndexedDB (structured clone keeps
 * no Error subclass or extra field); Error-shaped so it can stand in a mutation's state.
 */
export type OutboxFailure = { name: 'OutboxFailure'; message: string } & (
  { kind: 'rejected'; status: number | null } | { kind: 'conflict'; conflicts: SettingConflict[] }
);
const NAME = 'OutboxFailure';

export const CONFLICT_MESSAGE = 'Changed on the server since you last saw it';

export function failureOf(error: unknown): OutboxFailure | null {
  if (error === null || error === undefined) return null;
  if (error instanceof SettingsConflictError) {
    return { name: NAME, kind: 'conflict', message: CONFLICT_MESSAGE, conflicts: error.conflicts };
  }
  // Already a stored failure (restored from IndexedDB).
  if (typeof error === 'object' && 'name' in error && error.name === NAME) {
    return error as OutboxFailure;
  }
  if (error instanceof Error) {
    return {
      name: NAME,
      kind: 'rejected',
      message: error.message,
      status: statusOf(error) ?? null,
    };
  }
  return { name: NAME, kind: 'rejected', message: JSON.stringify(error), status: null };
}

/** The server said no (4xx): the installer was told by the api client's toast. */
export const isRefusal = (error: unknown): boolean => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
};

/** A change that failed because the session ended stays queued for the same user's return. */
export const endedWithSession = (error: unknown): boolean =>
  error instanceof NotOwnerError || statusOf(error) === 401;
