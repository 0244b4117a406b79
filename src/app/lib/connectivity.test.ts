import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkConnectivity,
  FIRST_PROBE_DELAY_MS,
  MAX_PROBE_DELAY_MS,
  reportNetworkFailure,
  stopProbing,
  watchConnectivity,
} from './connectivity';

const HEALTH = new URL('/api/health', window.location.origin).toString();
const server = setupServer();
let probes = 0;
let serverUp = true;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  probes = 0;
  serverUp = true;
  server.use(
    http.get(HEALTH, () => {
      probes++;
      return serverUp ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error();
    }),
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
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

/** Lets the probe's fetch settle, then moves the clock. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('connectivity', () => {
  it('stays online when a call fails but the server answers the probe', async () => {
    await reportNetworkFailure();
    expect(probes).toBe(1);
    expect(onlineManager.isOnline()).toBe(true);
    await advance(MAX_PROBE_DELAY_MS * 2);
    expect(probes).toBe(1);
  });

  it('goes offline when the server cannot be reached, even though the browser is online', async () => {
    serverUp = false;
    expect(navigator.onLine).toBe(true);
    await reportNetworkFailure();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('probes again with a growing delay, capped at 30 s, and comes back online on success', async () => {
    serverUp = false;
    await reportNetworkFailure();
    expect(probes).toBe(1);

    await advance(FIRST_PROBE_DELAY_MS - 1);
    expect(probes).toBe(1);
    await advance(1);
    expect(probes).toBe(2); // after 2 s
    await advance(4_000);
    expect(probes).toBe(3); // after 4 s more
    await advance(8_000);
    await advance(16_000);
    expect(probes).toBe(5);
    await advance(MAX_PROBE_DELAY_MS - 1);
    expect(probes).toBe(5); // 32 s would be next, capped at 30 s
    await advance(1);
    expect(probes).toBe(6);
    expect(onlineManager.isOnline()).toBe(false);

    serverUp = true;
    await advance(MAX_PROBE_DELAY_MS);
    expect(probes).toBe(7);
    expect(onlineManager.isOnline()).toBe(true);
    await advance(MAX_PROBE_DELAY_MS * 2);
    expect(probes).toBe(7); // online again: no more probing
  });

  it('shares one probe among failures reported together and skips it while already offline', async () => {
    serverUp = false;
    await Promise.all([reportNetworkFailure(), reportNetworkFailure(), reportNetworkFailure()]);
    expect(probes).toBe(1);
    await reportNetworkFailure();
    expect(probes).toBe(1);
  });

  it('probes once at start, even when the browser says it is online', async () => {
    serverUp = false;
    watchConnectivity();
    await advance(0);
    expect(probes).toBe(1);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it("checks at once on the browser's online event and believes its offline event", async () => {
    watchConnectivity();
    await advance(0);
    expect(probes).toBe(1);
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);

    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(false); // not before the server answers
    await advance(0);
    expect(probes).toBe(2);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('resumes paused queries when the server is back', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const client = new QueryClient();
    client.mount();
    serverUp = false;
    await checkConnectivity();
    const queryFn = vi.fn(() => Promise.resolve('fresh'));
    const pending = client.query({ queryKey: ['thing'], queryFn });
    await advance(0);
    expect(queryFn).not.toHaveBeenCalled();
    expect(client.getQueryState(['thing'])?.fetchStatus).toBe('paused');

    serverUp = true;
    await advance(FIRST_PROBE_DELAY_MS);
    await expect(pending).resolves.toBe('fresh');
    expect(queryFn).toHaveBeenCalledTimes(1);
    client.unmount();
  });
});
