import type { ReactNode } from 'react';
import { AppHeader } from './AppHeader';
import { AppToaster } from './AppToaster';
import { BusyBar } from './BusyBar';
import { OfflineBanner } from './OfflineBanner';

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <BusyBar />
      <AppHeader />
      <OfflineBanner />
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
