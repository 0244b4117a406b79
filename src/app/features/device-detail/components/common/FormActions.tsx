import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/Button';

interface FormActionsProps {
  /** Hidden for viewers (spec 01 §6). */
  canSave: boolean;
  saveDisabled: boolean;
  saving: boolean;
  /** Left of Save: an explanation of why Save is off, say. */
  note?: ReactNode;
}

/**
 * Back (to the devices list) and Save, at the end of a tab's form. On phones the bar sticks to
 * the bottom of the screen so Save is always a thumb away.
 */
export function FormActions({ canSave, saveDisabled, saving, note }: FormActionsProps) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none">
      {note && <p className="mr-auto text-sm text-slate-500">{note}</p>}
      <Link
        to="/devices"
        className="inline-flex h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 sm:h-10"
      >
        Back
      </Link>
      {canSave && (
        <Button type="submit" disabled={saveDisabled} loading={saving} className="h-11 sm:h-10">
          Save
        </Button>
      )}
    </div>
  );
}
