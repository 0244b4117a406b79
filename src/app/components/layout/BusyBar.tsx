import { useBusy } from '@app/lib/busy';

/** A slim indeterminate bar along the top edge while any call is in progress. */
export function BusyBar() {
  const busy = useBusy();
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
    >
      <div className="animate-busy h-full w-1/3 bg-brand-600" />
    </div>
  );
}
