import type { ReactNode } from 'react';
import { useIsOnline } from '@app/lib/connectivity';
import { EmptyState } from '@app/components/ui/EmptyState';
import { WifiOffIcon } from '@app/components/ui/icons';

export const NOT_AVAILABLE_OFFLINE = 'Not available offline';

/**
 * What a screen shows instead of its skeleton when it has no saved data and the server cannot be
 * reached: its query is paused, so a skeleton would spin until the connection returns.
 */
export function NotAvailableOffline({ framed = false }: { framed?: boolean }) {
  const state = (
    <EmptyState icon={WifiOffIcon} title={NOT_AVAILABLE_OFFLINE}>
      Open this page once while online — it is then kept on this device for offline use.
    </EmptyState>
  );
  return (
    <div
      role="status"
      className={framed ? 'rounded-xl bg-white shadow-sm ring-1 ring-slate-200' : undefined}
    >
      {state}
    </div>
  );
}

/**
 * Loading placeholders go through this: online they show as they are; offline (nothing to wait
 * for) they become the "Not available offline" notice.
 */
export function UnlessOffline({ children, framed }: { children: ReactNode; framed?: boolean }) {
  const online = useIsOnline();
  return online ? children : <NotAvailableOffline framed={framed ?? false} />;
}
