import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { persistUserQueries } from './query-persistence';
import { readSession } from './session';
import { useSession } from './use-session';

const signedInUser = (): number | null => readSession()?.auth.Id ?? null;

/**
 * QueryClientProvider plus the signed-in user's persisted cache: restored before data screens
 * first render, saved after every change, kept when the session merely expires, and swapped
 * (never shown to someone else) when another user signs in.
 */
export function PersistedQueryClientProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  const userId = useSession()?.auth.Id ?? null;
  // The user whose saved cache is back in the client, and whether the start-up restore is done.
  const [restoredFor, setRestoredFor] = useState<number | null>(null);
  const [started, setStarted] = useState(userId === null);
  const previousUser = useRef(userId);

  useEffect(() => {
    // Another tab signed in as someone else without signing out here: drop the old user's data.
    if (previousUser.current !== null && userId !== null && previousUser.current !== userId) {
      client.clear();
    }
    previousUser.current = userId;
    if (userId === null) return;
    const persistence = persistUserQueries({
      queryClient: client,
      userId,
      ownerSignedIn: () => signedInUser() === userId,
    });
    let current = true;
    persistence.restored
      .catch((error: unknown) => {
        // An unreadable cache was discarded by the restore; the app simply starts without it.
        console.warn('The saved query cache could not be restored', error);
      })
      .finally(() => {
        if (!current) return;
        setRestoredFor(userId);
        setStarted(true);
      });
    return () => {
      current = false;
      persistence.stop();
      setRestoredFor(null);
    };
  }, [client, userId]);

  // At start nothing renders until the cache is back, so no screen fetches what is saved or
  // flashes a skeleton. Later sign-ins keep the page mounted; queries just wait for the restore.
  if (!started) return null;
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={userId !== null && restoredFor !== userId}>
        {children}
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
