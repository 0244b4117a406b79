import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { FIRST_PROBE_DELAY_MS, stopProbing } from './connectivity';
import { createQueryClient } from './query-client';

vi.mock('./toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const url = (path: string) => new URL(`/api/${path}`, window.location.origin).toString();
const server = setupServer();
let serverUp = true;
let calls = 0;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  stopProbing();
  vi.useRealTimers();
  server.resetHandlers();
  onlineManager.setOnline(true);
});
afterAll(() => {
  server.close();
});

describe('query client offline behaviour', () => {
  it('keeps cached data through a refetch that finds the server gone, then refetches when back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = (body: string | string[] | { status: string }) =>
      serverUp ? HttpResponse.json(body) : HttpResponse.error();
    server.use(
      http.get(url('health'), () => answer({ status: 'ok' })),
      http.get(url('things'), () => {
        calls++;
        return answer([`v${calls}`]);
      }),
    );
    const client = createQueryClient();
    client.mount();
    const observer = new QueryObserver(client, {
      queryKey: ['things'],
      queryFn: () => api.get<string[]>('things'),
      staleTime: 0,
    });
    const seen: string[] = [];
    const stop = observer.subscribe((result) => {
      seen.push(`${result.status}/${result.fetchStatus}`);
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toEqual(['v1']);

    serverUp = false;
    void observer.refetch();
    await vi.advanceTimersByTimeAsync(0);
    const offline = observer.getCurrentResult();
    expect(onlineManager.isOnline()).toBe(false);
    expect(offline.status).toBe('success');
    expect(offline.fetchStatus).toBe('paused');
    expect(offline.data).toEqual(['v1']);
    expect(seen).not.toContain('error/idle');

    serverUp = true;
    await vi.advanceTimersByTimeAsync(FIRST_PROBE_DELAY_MS);
    expect(onlineManager.isOnline()).toBe(true);
    expect(observer.getCurrentResult().data).toEqual(['v3']); // v2 was the failed attempt
    stop();
    client.unmount();
  });

  it('still fails (for the Retry button) when the server answers the probe', async () => {
    server.use(
      http.get(url('health'), () => HttpResponse.json({ status: 'ok' })),
      http.get(url('things'), () => HttpResponse.error()),
    );
    const client = createQueryClient();
    await expect(
      client.query({ queryKey: ['things'], queryFn: () => api.get('things') }),
    ).rejects.toThrow('Network response was not ok.');
    expect(onlineManager.isOnline()).toBe(true);
  });
});
