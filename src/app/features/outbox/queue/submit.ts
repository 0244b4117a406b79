import { MutationObserver, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { persistOutboxNow } from './durable';
import { deviceScope } from './scope';
import { tagChange, type DeviceWriteVariables } from './tag';

/** 'sent': the server answered 2xx; 'queued': it waits in the outbox (offline, or behind others). */
export type WriteOutcome = 'sent' | 'queued';

export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
  constructor() {
    super('Sign in to save changes');
  }
}

/**
 * Makes one device write through the outbox: tags it (id, user, time), runs it in its device's
 * scope so the device's writes go out in order, and resolves as soon as it is either answered or
 * queued. A rejection is a failure the server (or the session) gave at once.
 */
export function submitWrite<TData, TVariables extends DeviceWriteVariables>(
  client: QueryClient,
  options: MutationOptions<TData, Error, TVariables>,
  variables: TVariables,
): Promise<WriteOutcome> {
  const tagged = tagChange(variables);
  if (!tagged) return Promise.reject(new SignedOutError());
  const observer = new MutationObserver<TData, Error, TVariables>(client, {
    ...options,
    scope: deviceScope(variables.imei),
  });
  return new Promise<WriteOutcome>((resolve, reject) => {
    const unsubscribe = observer.subscribe((result) => {
      // Queued counts once it is stored: a reload right after must not lose it.
      if (result.isPaused)
        done(() => {
          resolve(persistOutboxNow().then(() => 'queued' as const));
        });
    });
    function done(settle: () => void) {
      unsubscribe();
      settle();
    }
    observer.mutate(tagged).then(
      () => {
        done(() => {
          resolve('sent');
        });
      },
      (error: unknown) => {
        done(() => {
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      },
    );
  });
}
