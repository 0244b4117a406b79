import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { checkConnectivity, useIsOnline } from '@app/lib/connectivity';
import { dayjs } from '@app/lib/dayjs';
import { WifiOffIcon } from '@app/components/ui/icons';
import { Spinner } from '@app/components/ui/Spinner';

export const OFFLINE_TIME_FORMAT = 'DD-MM-YYYY HH:mm';

/** When the data on screen was fetched: the oldest fetch among the queries in use, if any. */
function useOldestShownData(): number | null {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (listener: () => void) => queryCache.subscribe(listener),
    [queryCache],
  );
  const oldest = useCallback(() => {
    const times = queryCache
      .findAll({ type: 'active' })
      .map((query) => query.state.dataUpdatedAt)
      .filter((time) => time > 0);
    return times.length === 0 ? null : Math.min(...times);
  }, [queryCache]);
  return useSyncExternalStore(subscribe, oldest);
}

export function OfflineBanner() {
  const online = useIsOnline();
  const shownSince = useOldestShownData();
  const [checking, setChecking] = useState(false);
  if (online) return null;

  const retry = () => {
    setChecking(true);
    void checkConnectivity().finally(() => {
      setChecking(false);
    });
  };

  return (
    <div role="status" className="bg-amber-50 text-amber-900 ring-1 ring-amber-200">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6 lg:px-5 xl:px-8">
        <WifiOffIcon className="size-4 shrink-0" />
        <p className="flex-1">
          <span className="font-semibold">Offline</span>
          {shownSince === null
            ? ' — the server cannot be reached'
            : ` — data from ${dayjs(shownSince).format(OFFLINE_TIME_FORMAT)}`}
        </p>
        <button
          type="button"
          onClick={retry}
          disabled={checking}
          className="inline-flex h-11 shrink-0 items-center gap-2 rounded-md px-3 font-semibold hover:bg-amber-100 focus-visible:outline-2 sm:h-8 focus-visible:outline-amber-700 disabled:opacity-60"
        >
          {checking && <Spinner className="size-4" />}
          Try again
        </button>
      </div>
    </div>
  );
}
