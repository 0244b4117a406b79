import { useState, type ComponentType } from 'react';
import type { ScannedIdentifier } from '@shared/devices/label-scan';
import { Button } from '@app/components/ui/Button';
import { ScanIcon } from '@app/components/ui/icons';
import { Modal } from '@app/components/ui/Modal';
import type { ScanDialogProps, ScanOutcome } from './ScanDialog';

interface ScanButtonProps {
  /** A scanned IMEI or ICCID; a returned text says why it found nothing (the dialog stays). */
  onScan: (id: ScannedIdentifier) => ScanOutcome | Promise<ScanOutcome>;
  label?: string;
  /** Keeps the label for screen readers only on phones (compact toolbars). */
  compactOnPhones?: boolean;
  /** 'md' beside the list toolbar's 40 px search field on larger screens; 44 px otherwise. */
  size?: 'md' | 'lg';
  className?: string;
}

/** Shown when the dialog's own file did not load (offline before the service worker had it). */
function ScannerNotLoaded({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="The scanner could not be loaded">
      <p role="alert" className="text-sm text-slate-700">
        Check the connection and try again. You can also type the number.
      </p>
    </Modal>
  );
}

// The dialog, its camera code and the barcode reader load when first opened, never with a page:
// imported on the press, not through React.lazy, as a suspending component crashed Chromium's
// renderer before (decision 022). A failed import is forgotten, so the next press tries again.
let dialogModule: Promise<ComponentType<ScanDialogProps>> | null = null;
function loadDialog() {
  dialogModule ??= import('./ScanDialog').then(
    (module) => module.ScanDialog,
    (error: unknown) => {
      dialogModule = null;
      throw error;
    },
  );
  return dialogModule;
}

/** 'Scan': opens the camera to read a device label's IMEI or ICCID instead of typing it. */
export function ScanButton({
  onScan,
  label = 'Scan',
  compactOnPhones = false,
  size = 'lg',
  className = '',
}: ScanButtonProps) {
  const [dialog, setDialog] = useState<{ Dialog: ComponentType<ScanDialogProps> } | 'failed'>();
  const [loading, setLoading] = useState(false);
  const close = () => {
    setDialog(undefined);
  };
  const open = async () => {
    if (loading) return;
    setLoading(true);
    try {
      setDialog({ Dialog: await loadDialog() });
    } catch {
      setDialog('failed');
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        // Not disabled while loading: a disabled button loses the focus the dialog returns to.
        loading={loading}
        onClick={() => void open()}
        title={compactOnPhones ? label : undefined}
        className={`shrink-0 ${size === 'lg' ? 'text-sm' : ''} ${className}`}
      >
        {!loading && <ScanIcon className="size-5 shrink-0" />}
        <span className={compactOnPhones ? 'max-sm:sr-only' : undefined}>{label}</span>
      </Button>
      {dialog === 'failed' && <ScannerNotLoaded onClose={close} />}
      {dialog && dialog !== 'failed' && (
        <dialog.Dialog
          onClose={close}
          onScan={async (id) => {
            const outcome = await onScan(id);
            if (outcome === undefined) close();
            return outcome;
          }}
        />
      )}
    </>
  );
}
