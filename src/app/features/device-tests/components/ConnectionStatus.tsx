import { Spinner } from '@app/components/ui/Spinner';
import type { ConnectionState } from '@app/features/device-tests/model/live-test';

const OFFLINE = { label: 'Offline', tone: 'bg-amber-50 text-amber-800 ring-amber-200' };

const LOOK: Record<ConnectionState, { label: string; tone: string }> = {
  connecting: { label: 'Connecting…', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  live: { label: 'Live', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  reconnecting: { label: 'Reconnecting…', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
  disconnected: { label: 'Disconnected', tone: 'bg-rose-50 text-rose-800 ring-rose-200' },
  finished: { label: 'Test finished', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

/**
 * Where the live connection stands (the notice below it says why and what to do). Offline as
 * soon as the app knows it, not only once the live connection times out.
 */
export function ConnectionStatus({ state, online }: { state: ConnectionState; online: boolean }) {
  const offline = !online && state !== 'finished';
  const { label, tone } = offline ? OFFLINE : LOOK[state];
  return (
    <div className="flex items-center gap-2">
      <span
        role="status"
        aria-label={`Connection: ${label}`}
        data-connection={state}
        className={`inline-flex h-8 items-center gap-2 rounded-full px-3 text-sm font-medium ring-1 ring-inset ${tone}`}
      >
        {!offline && (state === 'connecting' || state === 'reconnecting') ? (
          <Spinner className="size-3.5" />
        ) : (
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${
              offline
                ? 'bg-amber-500'
                : state === 'live'
                  ? 'animate-pulse bg-emerald-500'
                  : state === 'disconnected'
                    ? 'bg-rose-500'
                    : 'bg-slate-400'
            }`}
          />
        )}
        {label}
      </span>
    </div>
  );
}
