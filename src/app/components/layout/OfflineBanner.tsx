import { WifiOffIcon } from '../ui/icons';
import { useIsOnline } from '../../lib/connectivity';

export function OfflineBanner() {
  const online = useIsOnline();
  if (online) return null;
  return (
    <div role="status" className="bg-amber-50 text-amber-900 ring-1 ring-amber-200">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm sm:px-6 lg:px-5 xl:px-8">
        <WifiOffIcon className="size-4 shrink-0" />
        You are offline. Data shown is from your last connection.
      </p>
    </div>
  );
}
