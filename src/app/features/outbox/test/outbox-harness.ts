import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, vi } from 'vitest';
import { stopProbing } from '@app/lib/connectivity';
import { createQueryClient } from '@app/lib/query-client';
import { clearSession, saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import type { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl } from '@app/features/device-detail/test/render';
import { startOutbox } from '@app/start-outbox';
import { flushOutbox, outboxReady, stopOfflineMutations } from '@app/features/outbox/register';
import { toEntry } from '@app/features/outbox/model/entries';
import { isOutboxMutation } from '@app/features/outbox/queue/storage';
import { IDEMPOTENCY_HEADER } from '@shared/api/idempotency';

export const IMEI = '358528110000005';
export const DEVICE = { deviceId: 5, imei: IMEI };

/** One call the fake server received. */
export interface Seen {
  method: string;
  path: string;
  key: string | null;
  token: string | null;
  body: unknown;
}

/** Records every device write (and answers it) until a test installs other handlers. */
export function recordWrites(server: ReturnType<typeof setupMockApi>) {
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get(IDEMPOTENCY_HEADER),
      token: request.headers.get('Authorization'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
  };
  server.use(
    http.get(apiUrl('health'), () => HttpResponse.json({ ok: true })),
    http.post(apiUrl('devices/modemrequests/:imei'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ Id: seen.length, IMEI, Command: 'x', CommandType: 20 });
    }),
    http.post(apiUrl('devices/settings/:imei'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ Id: 5, IMEI });
    }),
  );
  return seen;
}

export const signIn = (userId: number, token = `token-${userId}`) => {
  saveSession({ ...loginFixture({ Id: userId }), AccessToken: token });
};

const started: QueryClient[] = [];

/** A client with the outbox registered, as main.tsx does. */
export async function startApp(): Promise<QueryClient> {
  const client = createQueryClient();
  started.push(client);
  // What QueryClientProvider does: resume paused mutations when back online.
  client.mount();
  await startOutbox(client);
  return client;
}

/** What a page reload does to the outbox: write it, forget the page's memory. */
export async function reloadApp(client: QueryClient): Promise<QueryClient> {
  await flushOutbox();
  stopOfflineMutations();
  client.unmount();
  client.clear();
  return startApp();
}

export const outboxMutations = (client: QueryClient) =>
  client.getMutationCache().getAll().filter(isOutboxMutation);

/** The states of the outbox's changes, in order, as the Outbox screen shows them. */
export const statuses = (client: QueryClient) =>
  outboxMutations(client).map((mutation) => toEntry(mutation).status);

/** A modem request (CommandType 20) for the test device. */
export const request = (Command: string) => ({ ...DEVICE, Command, CommandType: 20 });

/** The only (first) change in the outbox, as the Outbox screen sees it. */
export function firstEntry(client: QueryClient) {
  const [mutation] = outboxMutations(client);
  if (!mutation) throw new Error('the outbox is empty');
  return toEntry(mutation);
}

export const goOffline = () => {
  onlineManager.setOnline(false);
};
export const goOnline = () => {
  onlineManager.setOnline(true);
};

export function cleanUpOutboxTests() {
  afterEach(async () => {
    await flushOutbox();
    stopOfflineMutations();
    stopProbing();
    // Paused calls must not wake up when the next test goes online.
    for (const client of started.splice(0)) {
      client.unmount();
      client.clear();
    }
    clearSession();
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });
}

export { outboxReady };
