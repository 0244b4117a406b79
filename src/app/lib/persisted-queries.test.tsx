import 'fake-indexeddb/auto';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loginFixture } from '@app/test/fixtures';
import { PersistedQueryClientProvider } from './persisted-queries';
import { forgetPersistedQueries, persistUserQueries } from './query-persistence';
import { clearSession, saveSession } from './session';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await Promise.all([7, 8].map((id) => forgetPersistedQueries(id)));
});

/** Saves `value` as user `userId`'s cached dashboard, as an earlier visit would have. */
async function saveEarlierVisit(userId: number, value: string) {
  const queryClient = new QueryClient();
  const persistence = persistUserQueries({
    queryClient,
    userId,
    ownerSignedIn: () => true,
    throttleMs: 0,
  });
  await persistence.restored;
  queryClient.setQueryData(['dashboard'], value);
  await new Promise((resolve) => setTimeout(resolve, 20));
  persistence.stop();
}

/** Records every render: a data screen must never render without the cached value first. */
function Dashboard({ renders }: { renders: string[] }) {
  const query = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => new Promise<string>(() => undefined), // the server never answers
    staleTime: Number.POSITIVE_INFINITY,
  });
  renders.push(query.data ?? `(${query.status})`);
  return <p>{query.data ?? 'loading'}</p>;
}

describe('PersistedQueryClientProvider', () => {
  it("restores the signed-in user's cache before data screens first render", async () => {
    await saveEarlierVisit(7, 'cached for 7');
    saveSession(loginFixture({ Id: 7 }));
    const renders: string[] = [];
    render(
      <PersistedQueryClientProvider client={new QueryClient()}>
        <Dashboard renders={renders} />
      </PersistedQueryClientProvider>,
    );
    expect(await screen.findByText('cached for 7')).toBeTruthy();
    expect(renders.every((r) => r === 'cached for 7')).toBe(true);
  });

  it("never shows another user's cache", async () => {
    await saveEarlierVisit(7, 'cached for 7');
    saveSession(loginFixture({ Id: 8 }));
    render(
      <PersistedQueryClientProvider client={new QueryClient()}>
        <Dashboard renders={[]} />
      </PersistedQueryClientProvider>,
    );
    expect(await screen.findByText('loading')).toBeTruthy();
    expect(screen.queryByText('cached for 7')).toBeNull();
  });

  it('drops what is in memory when another user takes over the session', async () => {
    saveSession(loginFixture({ Id: 7 }));
    const client = new QueryClient();
    render(
      <PersistedQueryClientProvider client={client}>
        <p>app</p>
      </PersistedQueryClientProvider>,
    );
    await screen.findByText('app');
    client.setQueryData(['dashboard'], 'seen by 7');
    await act(async () => {
      saveSession(loginFixture({ Id: 8 }));
      await Promise.resolve();
    });
    expect(client.getQueryData(['dashboard'])).toBeUndefined();
  });

  it('renders at once when nobody is signed in', () => {
    clearSession();
    render(
      <PersistedQueryClientProvider client={new QueryClient()}>
        <p>login</p>
      </PersistedQueryClientProvider>,
    );
    expect(screen.getByText('login')).toBeTruthy();
  });
});
