import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useIsOnline } from '@app/lib/connectivity';
import { AppHeader } from './AppHeader';
import { AppToaster } from './AppToaster';
import { BusyBar } from './BusyBar';

// The offline banner is needed only offline, so it stays out of the first visit's JavaScript
// (the service worker has precached it by then). Loaded from an effect, not React.lazy: a
// suspending component here took the whole page down in Chromium.
function OfflineNotice() {
  const online = useIsOnline();
  const [Banner, setBanner] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (online || Banner) return;
    let current = true;
    void import('./OfflineBanner').then(({ OfflineBanner }) => {
      if (current) setBanner(() => OfflineBanner);
    });
    return () => {
      current = false;
    };
  }, [online, Banner]);
  return online || !Banner ? null : <Banner />;
}

// Over plain http on a LAN address the browser refuses the service worker: say what that costs.
// Loaded only there, like the offline banner.
function InsecureOriginNotice() {
  const [Banner, setBanner] = useState<ComponentType | null>(null);
  useEffect(() => {
    // Only where the browser says so: a test DOM that does not know the flag is not told off.
    if (!('isSecureContext' in window) || window.isSecureContext) return;
    let current = true;
    void import('./InsecureOriginBanner').then(({ InsecureOriginBanner }) => {
      if (current) setBanner(() => InsecureOriginBanner);
    });
    return () => {
      current = false;
    };
  }, []);
  return Banner ? <Banner /> : null;
}

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <BusyBar />
      <AppHeader />
      <InsecureOriginNotice />
      <OfflineNotice />
      <main className="flex flex-1 flex-col">{children}</main>
      <AppToaster />
    </div>
  );
}

/** The padded, centred column most screens sit in. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-5 sm:px-6 sm:py-8 lg:px-5 xl:px-8">
      {children}
    </div>
  );
}
