import { focusRing } from '@app/components/ui/focus';
import { AlertIcon } from '@app/components/ui/icons';
import { Spinner } from '@app/components/ui/Spinner';

export const HEALTH_NOT_LOADED = 'Delivery health could not be loaded.';
export const HEALTH_NOT_REFRESHED =
  'Delivery health could not be refreshed; the values may be old.';

/**
 * A health call failed: one quiet line with Retry instead of an error over the screen, since the
 * rows themselves are fine (their health cells show '–'). Health keeps asking on its own too.
 */
export function HealthNotice({
  failed,
  stale,
  retrying,
  onRetry,
}: {
  failed: boolean;
  stale: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    // Always in the page, so the line is announced when it appears.
    <div role="status" className="empty:hidden">
      {failed && (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <AlertIcon className="size-4 shrink-0 text-amber-600" />
          {stale ? HEALTH_NOT_REFRESHED : HEALTH_NOT_LOADED}
          <button
            type="button"
            onClick={onRetry}
            disabled={retrying}
            className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-500 ${focusRing}`}
          >
            {retrying && <Spinner className="size-4" />}
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
