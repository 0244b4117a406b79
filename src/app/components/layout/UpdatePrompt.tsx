import { useEffect } from 'react';
import { toast } from '@app/lib/toast';
import { Workbox } from 'workbox-window';

export const UPDATE_READY_MESSAGE = 'A new version of Fleet Portal is ready';
const UPDATE_TOAST_ID = 'app-update';
// Installers keep the app open for a whole shift; look for a new build now and then.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and, when a new build is waiting, asks before switching to it:
 * the new worker takes over only after Reload, so a half-filled form is never reloaded away.
 */
export function UpdatePrompt({ scriptUrl = '/sw.js' }: { scriptUrl?: string }) {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const workbox = new Workbox(scriptUrl);

    const offerReload = () => {
      toast(UPDATE_READY_MESSAGE, {
        id: UPDATE_TOAST_ID,
        duration: Number.POSITIVE_INFINITY,
        action: {
          label: 'Reload',
          onClick: () => {
            workbox.addEventListener('controlling', () => {
              window.location.reload();
            });
            workbox.messageSkipWaiting();
          },
        },
      });
    };
    workbox.addEventListener('waiting', offerReload);
    void workbox.register();
    const timer = window.setInterval(() => void workbox.update(), UPDATE_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      workbox.removeEventListener('waiting', offerReload);
    };
  }, [scriptUrl]);
  return null;
}
