import type { ReactNode } from 'react';
import type { TachoKind } from '@shared/tacho/tacho';
import { Button } from '@app/components/ui/Button';
import { Modal } from '@app/components/ui/Modal';
import { OVERVIEW_SCREENS, panelTitle } from '@app/features/tacho/model/tacho-screens';
import { FilesPanel } from './FilesPanel';

interface FilesSheetProps {
  kind: TachoKind;
  names: readonly string[];
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onClear: () => void;
  note: ReactNode;
}

/**
 * The side panel on phones: a bar sticking to the bottom while rows are ticked ('3 vehicles
 * selected', Show files), opening the panel as a bottom sheet within a thumb's reach.
 */
export function FilesSheet({ kind, names, open, onOpen, onClose, onClear, note }: FilesSheetProps) {
  const subject = OVERVIEW_SCREENS[kind].subject;
  const count = names.length;
  return (
    <>
      {count > 0 && (
        <div
          role="group"
          aria-label="Selection"
          className="sticky bottom-0 -mx-4 mt-3 flex min-h-14 items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-2.5 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] sm:-mx-6 sm:px-6"
        >
          <p className="text-sm text-slate-700" aria-live="polite">
            <span className="font-semibold text-slate-900 tabular-nums">{count}</span>{' '}
            {count === 1 ? subject.one : subject.many} selected
          </p>
          <div className="flex items-center gap-2">
            <Button variant="ghost" onClick={onClear} className="px-3">
              Clear
            </Button>
            <Button onClick={onOpen} className="px-3 whitespace-nowrap">
              Show files
            </Button>
          </div>
        </div>
      )}
      <Modal open={open && count > 0} onClose={onClose} title={panelTitle(kind, count)} size="lg">
        <div className="-mx-5 -my-4">
          {note}
          <FilesPanel kind={kind} names={names} />
        </div>
      </Modal>
    </>
  );
}
