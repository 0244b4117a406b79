import { onlineManager, useQueryClient, type MutationOptions } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@app/lib/toast';
import { submitWrite, type WriteOutcome } from './queue/submit';
import type { DeviceWriteVariables } from './queue/tag';

export const QUEUED_TOAST = 'Saved to the Outbox: it is sent when the connection is back';
export const WAITING_TOAST = "Saved to the Outbox: it is sent after this device's earlier changes";

/** Says where a change went when it could not be sent at once. */
export function announceQueued(): void {
  const text = onlineManager.isOnline() ? WAITING_TOAST : QUEUED_TOAST;
  toast.info(text, { id: text });
}

/**
 * A device write through the outbox, for a component (pass a module-level options factory): `submit` resolves 'sent' or 'queued' (a
 * toast says so) and rejects on a refusal (toasted by the api client); `sending` is true only
 * while a call is on its way, never while a change waits offline.
 */
export function useDeviceWrite<TData, TVariables extends DeviceWriteVariables>(
  optionsFactory: () => MutationOptions<TData, Error, TVariables>,
) {
  const client = useQueryClient();
  const [inFlight, setInFlight] = useState(0);
  const submit = useCallback(
    async (variables: TVariables): Promise<WriteOutcome> => {
      setInFlight((n) => n + 1);
      try {
        const outcome = await submitWrite(client, optionsFactory(), variables);
        if (outcome === 'queued') announceQueued();
        return outcome;
      } finally {
        setInFlight((n) => n - 1);
      }
    },
    [client, optionsFactory],
  );
  return { submit, sending: inFlight > 0 };
}
