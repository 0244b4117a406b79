import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UpdatePrompt } from './components/layout/UpdatePrompt';
import { watchConnectivity } from './lib/connectivity';
import { PersistedQueryClientProvider } from './lib/persisted-queries';
import { preloadToasts } from './lib/toast';
import { createQueryClient } from './lib/query-client';
import { readSession, subscribeSession } from './lib/session';
import { setExpiryNavigation } from './lib/session-expiry';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
watchConnectivity();

// The outbox (every feature's offline writes and the stored queue) loads once someone is signed
// in, never with the sign-in page. It registers the writes before restoring its queue, then
// follows the session itself (sign-out, another user). The toasts load then too, so they are
// there for the first write, offline as well.
let outboxLoading = false;
function startOutboxWhenSignedIn() {
  if (outboxLoading || readSession() === null) return;
  outboxLoading = true;
  preloadToasts();
  void import('./start-outbox').then(({ startOutbox }) => startOutbox(queryClient));
}
startOutboxWhenSignedIn();
subscribeSession(startOutboxWhenSignedIn);

// An expired session (timer or 401) leaves through the router, then drops the old user's data
// from memory; the saved copy stays for when the same user signs in again.
setExpiryNavigation(() => {
  void router.navigate({ to: '/login' }).finally(() => {
    queryClient.clear();
  });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <PersistedQueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </PersistedQueryClientProvider>
    {/* The service worker exists only in a build (vite-plugin-pwa writes it to dist/). */}
    {import.meta.env.PROD && <UpdatePrompt />}
  </StrictMode>,
);
