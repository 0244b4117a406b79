import { useId } from 'react';
import { toast } from '@app/lib/toast';
import type { DeviceCredential } from '@shared/devices/device-link';
import { Button } from '@app/components/ui/Button';
import { Modal } from '@app/components/ui/Modal';

export const CREDENTIAL_SHOWN_ONCE =
  'Copy it into the tracker now: it will not be shown again. The previous credential no longer works.';

/** Copies with the Clipboard API; where that is refused, selects the text for a manual copy. */
async function copy(text: string, field: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Credential copied');
  } catch {
    field?.select();
    toast.error('Copying was refused: the credential is selected, copy it by hand');
  }
}

/** The new credential, once: with the IMEI, a copy button and the warning that it is not kept. */
export function CredentialModal({
  issued,
  onClose,
}: {
  issued: DeviceCredential | undefined;
  onClose: () => void;
}) {
  const fieldId = useId();
  return (
    <Modal
      open={issued !== undefined}
      onClose={onClose}
      title="New device credential"
      footer={
        <Button size="lg" onClick={onClose} className="sm:h-10 sm:text-sm">
          Done
        </Button>
      }
    >
      {issued && (
        <div className="grid gap-4 text-sm">
          <p className="rounded-lg bg-amber-50 px-3 py-2.5 font-medium text-amber-900 ring-1 ring-amber-200">
            {CREDENTIAL_SHOWN_ONCE}
          </p>
          <dl className="grid gap-1">
            <dt className="text-xs font-semibold text-slate-500">IMEI</dt>
            <dd className="font-medium text-slate-900">{issued.IMEI}</dd>
          </dl>
          <div className="grid gap-1">
            <label htmlFor={fieldId} className="text-xs font-semibold text-slate-500">
              Credential
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={fieldId}
                readOnly
                value={issued.Credential}
                onFocus={(event) => {
                  event.currentTarget.select();
                }}
                className="h-11 min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-2 font-mono text-xs text-slate-900 sm:h-10 sm:flex-1 sm:px-3 sm:text-sm"
              />
              <Button
                variant="secondary"
                className="h-11 shrink-0 sm:h-10"
                onClick={(event) => {
                  const field = event.currentTarget.ownerDocument.getElementById(fieldId);
                  void copy(issued.Credential, field as HTMLInputElement | null);
                }}
              >
                Copy
              </Button>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
