import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export const CONFIRM_TITLE = 'Are you sure?';

interface ConfirmDialogProps {
  open: boolean;
  /** What is about to happen, in the screen's own words. */
  message?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed call is running: Confirm spins, neither button can be pressed twice. */
  busy?: boolean;
}

/** The generic confirmation of spec 01 §2.6: 'Are you sure?' with Cancel and Confirm. */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onCancel}
      title={CONFIRM_TITLE}
      footer={
        <>
          <Button
            variant="secondary"
            size="lg"
            onClick={onCancel}
            disabled={busy}
            className="sm:h-10 sm:text-sm"
          >
            Cancel
          </Button>
          <Button
            size="lg"
            onClick={onConfirm}
            disabled={busy}
            loading={busy}
            className="sm:h-10 sm:text-sm"
          >
            Confirm
          </Button>
        </>
      }
    >
      {message && <p className="text-sm text-slate-700">{message}</p>}
    </Modal>
  );
}
