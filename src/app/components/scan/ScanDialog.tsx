import { useRef, useState } from 'react';
import { identifierFromLabel, type ScannedIdentifier } from '@shared/devices/label-scan';
import { Button } from '@app/components/ui/Button';
import { AlertIcon } from '@app/components/ui/icons';
import { Modal } from '@app/components/ui/Modal';
import { Spinner } from '@app/components/ui/Spinner';
import { SCAN_PROBLEMS } from './scan-problems';
import { useLabelCamera } from './use-label-camera';

/** A text: why the scan found nothing (the dialog shows it and scans on); nothing: done. */
export type ScanOutcome = string | undefined;

export interface ScanDialogProps {
  onClose: () => void;
  /** A Luhn-checked IMEI or an ICCID from the label; may look it up meanwhile. */
  onScan: (id: ScannedIdentifier) => ScanOutcome | Promise<ScanOutcome>;
}

export const SCAN_TITLE = 'Scan the device label';
const AIM = 'Point the camera at the IMEI barcode or QR code on the device label.';
const label = (id: ScannedIdentifier) => `${id.kind === 'imei' ? 'IMEI' : 'ICCID'} ${id.value}`;
const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

type Note = { kind: 'checking'; text: string } | { kind: 'warning'; text: string } | null;

/**
 * The camera, read until a label names a device: its IMEI (check digit right) or ICCID goes to
 * `onScan`. A wrong check digit or a code without either is said, and the camera reads on.
 */
export function ScanDialog({ onClose, onScan }: ScanDialogProps) {
  const [note, setNote] = useState<Note>(null);
  // The last text handled: the same label in view is handled once, not on every frame.
  const last = useRef('');

  const handle = async (texts: string[]) => {
    const text = texts.join('\n');
    if (text === last.current) return;
    last.current = text;
    const found = identifierFromLabel(text);
    if (found.kind === 'none') {
      setNote({
        kind: 'warning',
        text: `This code holds no IMEI or ICCID ("${shorten(text)}"). Scan the barcode marked IMEI.`,
      });
      return;
    }
    if (found.kind === 'badImei') {
      setNote({
        kind: 'warning',
        text: `The IMEI ${found.value} has a wrong check digit: the label was misread or is misprinted. Scan it again, or type the IMEI.`,
      });
      return;
    }
    setNote({ kind: 'checking', text: `Found ${label(found)}…` });
    let outcome: ScanOutcome;
    try {
      outcome = await onScan(found);
    } catch {
      outcome = `${label(found)} could not be looked up. Check the connection and scan again.`;
      last.current = '';
    }
    if (outcome !== undefined) setNote({ kind: 'warning', text: outcome });
  };

  const { videoRef, state, retry } = useLabelCamera(
    (texts) => void handle(texts),
    note?.kind === 'checking',
  );
  const problem = state.phase === 'problem' ? SCAN_PROBLEMS[state.problem] : null;

  return (
    <Modal
      open
      onClose={onClose}
      title={SCAN_TITLE}
      footer={
        <>
          {problem?.retry && (
            <Button size="lg" onClick={retry} className="sm:min-w-28">
              Try again
            </Button>
          )}
          <Button variant="secondary" size="lg" onClick={onClose} autoFocus className="sm:min-w-28">
            Cancel
          </Button>
        </>
      }
    >
      {problem && (
        <div role="alert" className="flex gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
          <AlertIcon className="size-5 shrink-0 text-amber-600" />
          <div className="text-sm text-amber-950">
            <p className="font-semibold">{problem.title}</p>
            <p className="mt-1">{problem.text}</p>
          </div>
        </div>
      )}
      {/* Hidden, not unmounted, while a problem shows: the camera hook holds on to the video. */}
      <div
        className={
          problem ? 'hidden' : 'relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-900'
        }
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera view"
          className="absolute inset-0 size-full object-cover"
        />
        <Viewfinder />
      </div>
      {!problem && <ScanStatus starting={state.phase === 'starting'} note={note} />}
    </Modal>
  );
}

/** The frame drawn over the video, where the label's code should go. */
function Viewfinder() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-[8%] inset-y-[22%] rounded-md border-2 border-white/90 shadow-[0_0_0_100vmax_rgba(15,23,42,0.35)]"
    />
  );
}

function ScanStatus({ starting, note }: { starting: boolean; note: Note }) {
  return (
    <div role="status" className="mt-3 flex min-h-11 items-start gap-2 text-sm">
      {starting ? (
        <>
          <Spinner className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <p className="text-slate-700">Starting the camera. Allow it if the browser asks.</p>
        </>
      ) : note?.kind === 'checking' ? (
        <>
          <Spinner className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <p className="font-medium text-slate-800">{note.text}</p>
        </>
      ) : note?.kind === 'warning' ? (
        <>
          <AlertIcon className="size-5 shrink-0 text-amber-600" />
          <p className="font-medium text-amber-900">{note.text}</p>
        </>
      ) : (
        <p className="text-slate-700">{AIM}</p>
      )}
    </div>
  );
}
