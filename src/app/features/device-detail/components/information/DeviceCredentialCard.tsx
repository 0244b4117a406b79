import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeviceCredential } from '@shared/devices/device-link';
import { Button } from '@app/components/ui/Button';
import { Card } from '@app/components/ui/Card';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { useBusy } from '@app/lib/busy';
import { useIsOnline } from '@app/lib/connectivity';
import { issueCredentialMutationOptions } from '@app/features/device-detail/api/credential';
import { CredentialModal } from './CredentialModal';

export const NEW_CREDENTIAL = 'New device credential';
export const CREDENTIAL_CONFIRMATION =
  'The device gets a new credential, and its current credential stops working at once: the ' +
  'tracker is refused until it is configured with the new one.';

/**
 * Admins only (the parent decides): issues a new device-link credential after the generic
 * confirmation, then shows it once. Online only, so it is never queued in the outbox.
 */
export function DeviceCredentialCard({ deviceId }: { deviceId: number }) {
  const online = useIsOnline();
  const busy = useBusy();
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<DeviceCredential>();
  const issue = useMutation(issueCredentialMutationOptions());

  return (
    <Card title="Device credential">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          The tracker signs every message with its credential. A new one is shown once;
          {online ? ' the current one stops working.' : ' issuing one needs a connection.'}
        </p>
        <Button
          variant="secondary"
          className="h-11 shrink-0 sm:h-10"
          disabled={!online || busy}
          onClick={() => {
            setConfirming(true);
          }}
        >
          {NEW_CREDENTIAL}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        busy={issue.isPending}
        message={CREDENTIAL_CONFIRMATION}
        onCancel={() => {
          setConfirming(false);
        }}
        onConfirm={() => {
          // A refusal has been toasted by the api client; the dialog closes either way.
          issue
            .mutateAsync({ deviceId })
            .then(setIssued, () => undefined)
            .finally(() => {
              setConfirming(false);
            });
        }}
      />
      <CredentialModal
        issued={issued}
        onClose={() => {
          // Forgotten once closed: it is never shown again.
          setIssued(undefined);
          issue.reset();
        }}
      />
    </Card>
  );
}
