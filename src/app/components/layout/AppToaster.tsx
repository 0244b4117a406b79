import { useSyncExternalStore, type MouseEvent } from 'react';
import { loadedToasts, subscribeToasts } from '@app/lib/toast';
import { TOAST_DURATION_MS } from '@shared/devices/constants';

// Sonner has no "dismiss on click"; a click anywhere on a toast presses its own close button,
// which keeps sonner's dismissal (and its animation) in charge.
function dismissClickedToast(event: MouseEvent<HTMLDivElement>) {
  if (!(event.target instanceof Element) || event.target.closest('button')) return;
  const toast = event.target.closest('[data-sonner-toast]');
  toast?.querySelector<HTMLButtonElement>('[data-close-button]')?.click();
}

/** Renders sonner's Toaster once sonner has loaded (with the first toast, or after sign-in). */
export function AppToaster() {
  const sonner = useSyncExternalStore(subscribeToasts, loadedToasts, loadedToasts);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <div onClick={dismissClickedToast}>
      <Toaster
        position="top-right"
        // Below the sticky header, so a toast never hides the Account menu or the hamburger.
        offset={{ top: 76, right: 24 }}
        mobileOffset={{ top: 64, right: 16, left: 16 }}
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
        toastOptions={{ className: 'cursor-pointer' }}
      />
    </div>
  );
}
