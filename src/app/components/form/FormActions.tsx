import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { focusRing } from '@app/components/ui/focus';

interface FormActionsProps {
  /** Left of the buttons: how many changes are unsaved, why Save is off. */
  note?: ReactNode;
  /** A Back link before Save (a page form's way out, e.g. to the list). */
  backTo?: LinkProps['to'];
  /** The Save button (`form.SubmitButton` or `SubmitButton`); leave it out for a Viewer. */
  children?: ReactNode;
}

/**
 * The end of a page form (a tab, the account page). On phones the bar sticks to the bottom of
 * the screen so Save is always a thumb away.
 */
export function FormActions({ note, backTo, children }: FormActionsProps) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none">
      {note && <p className="mr-auto text-sm text-slate-600">{note}</p>}
      {backTo !== undefined && (
        <Link
          to={backTo}
          className={`inline-flex h-11 items-center justify-center rounded-lg bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:h-10 ${focusRing}`}
        >
          Back
        </Link>
      )}
      {children}
    </div>
  );
}
