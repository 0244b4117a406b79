import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListSkeleton } from '@app/components/list';
import { OfflineBanner } from './OfflineBanner';

afterEach(() => {
  cleanup();
  act(() => {
    onlineManager.setOnline(true);
  });
});

function Shown({ name }: { name: string }) {
  const query = useQuery({ queryKey: [name], queryFn: () => Promise.resolve(name) });
  return query.data ? (
    <p>{query.data}</p>
  ) : (
    <ListSkeleton label="Loading devices" cards={false} columns={9} />
  );
}

const withClient = (client: QueryClient, children: ReactNode) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

describe('offline states', () => {
  it('names the time of the oldest data on screen', () => {
    const client = new QueryClient();
    client.setQueryData(['older'], 'older', { updatedAt: new Date(2026, 10, 20, 8, 5).getTime() });
    client.setQueryData(['newer'], 'newer', { updatedAt: new Date(2026, 10, 21, 9, 30).getTime() });
    client.setQueryData(['not shown'], 'x', { updatedAt: new Date(2026, 0, 1).getTime() });
    act(() => {
      onlineManager.setOnline(false);
    });
    render(
      withClient(
        client,
        <>
          <OfflineBanner />
          <Shown name="older" />
          <Shown name="newer" />
        </>,
      ),
    );
    expect(screen.getByRole('status').textContent).toContain(
      'Offline — data from 20-11-2026 08:05',
    );
  });

  it('hides the banner while online', () => {
    render(withClient(new QueryClient(), <OfflineBanner />));
    expect(screen.queryByText(/Offline/)).toBeNull();
  });

  it('says a never-loaded screen is not available offline instead of spinning', () => {
    act(() => {
      onlineManager.setOnline(false);
    });
    const client = new QueryClient();
    render(withClient(client, <Shown name="never loaded" />));
    expect(client.getQueryState(['never loaded'])?.fetchStatus).toBe('paused');
    expect(screen.getByText('Not available offline')).toBeTruthy();
    expect(screen.queryByLabelText('Loading devices')).toBeNull();
  });

  it('shows the skeleton while online', () => {
    render(withClient(new QueryClient(), <Shown name="loading" />));
    expect(screen.getByLabelText('Loading devices')).toBeTruthy();
  });
});
