import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { QueryObserver } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  createRequestMutationOptions,
  modemRequestsQueryOptions,
} from '@app/features/device-detail/api/modem-requests';
import { saveSettingsMutationOptions } from '@app/features/device-detail/api/settings';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl } from '@app/features/device-detail/test/render';
import { retryEntry } from './actions';
import { toEntry } from './model/entries';
import { submitWrite } from './queue/submit';
import {
  cleanUpOutboxTests,
  DEVICE,
  firstEntry,
  goOffline,
  goOnline,
  IMEI,
  outboxMutations,
  recordWrites,
  request,
  signIn,
  startApp,
  statuses,
} from './test/outbox-harness';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const server = setupMockApi();
cleanUpOutboxTests();

describe('the outbox queue', () => {
  it('queues offline and replays a device’s changes in order, each once with its own key', async () => {
    const seen = recordWrites(server);
    // The first answer is slow: the second change must still wait for it.
    server.use(
      http.post(apiUrl('devices/modemrequests/:imei'), async ({ request: r }) => {
        const body = (await r.clone().json()) as { Command: string };
        if (body.Command === 'FIRST') await delay(150);
        return undefined;
      }),
    );
    signIn(101);
    const client = await startApp();
    goOffline();
    const outcomes = await Promise.all([
      submitWrite(client, createRequestMutationOptions(), request('FIRST')),
      submitWrite(client, createRequestMutationOptions(), request('SECOND')),
      submitWrite(client, saveSettingsMutationOptions(), {
        ...DEVICE,
        settings: [{ SettingName: 'iButton', Value: '1' }],
      }),
    ]);
    expect(outcomes).toEqual(['queued', 'queued', 'queued']);
    expect(seen).toHaveLength(0);

    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent', 'sent', 'sent']);
    });
    expect(seen.map((s) => (s.body as { Command?: string }).Command ?? 'settings')).toEqual([
      'FIRST',
      'SECOND',
      'settings',
    ]);
    const keys = outboxMutations(client).map((m) => toEntry(m).id);
    expect(seen.map((s) => s.key)).toEqual(keys);
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps a change queued through network errors and sends it once the server answers', async () => {
    const seen = recordWrites(server);
    let down = true;
    server.use(
      http.get(apiUrl('health'), () => (down ? HttpResponse.error() : undefined)),
      http.post(apiUrl('devices/modemrequests/:imei'), () =>
        down ? HttpResponse.error() : undefined,
      ),
    );
    signIn(102);
    const client = await startApp();
    const outcome = await submitWrite(client, createRequestMutationOptions(), request('AGAIN'));
    expect(outcome).toBe('queued');
    expect(statuses(client)).toEqual(['queued']);

    down = false;
    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(seen).toHaveLength(1);
  });

  it('moves a change the server refuses to the failed list at once, with the message', async () => {
    let refuse = true;
    const seen = recordWrites(server);
    let attempts = 0;
    server.use(
      http.post(apiUrl('devices/modemrequests/:imei'), () => {
        attempts += 1;
        return refuse
          ? HttpResponse.json({ message: 'Device not found' }, { status: 400 })
          : undefined;
      }),
    );
    signIn(103);
    const client = await startApp();
    goOffline();
    await submitWrite(client, createRequestMutationOptions(), request('REFUSED'));
    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['failed']);
    });
    const entry = firstEntry(client);
    expect(entry.failure).toMatchObject({
      kind: 'rejected',
      message: 'Device not found',
      status: 400,
    });
    expect(attempts).toBe(1);

    refuse = false;
    retryEntry(client, entry);
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    // The retry is the same change: same key.
    expect(seen.at(-1)?.key).toBe(entry.id);
  });

  it('drops a change refused at once while online (the toast told the installer)', async () => {
    recordWrites(server);
    server.use(
      http.post(apiUrl('devices/modemrequests/:imei'), () =>
        HttpResponse.json({ message: 'Bad command' }, { status: 400 }),
      ),
    );
    signIn(110);
    const client = await startApp();
    await expect(
      submitWrite(client, createRequestMutationOptions(), request('BAD')),
    ).rejects.toThrow('Bad command');
    await waitFor(() => {
      expect(outboxMutations(client)).toHaveLength(0);
    });
  });

  it('gives up a call that hangs once the app knows it is offline, and sends it again later', async () => {
    const seen = recordWrites(server);
    let hang = true;
    server.use(
      http.get(apiUrl('health'), () => (hang ? HttpResponse.error() : undefined)),
      http.post(apiUrl('devices/modemrequests/:imei'), async () => {
        if (hang) await delay('infinite');
        return undefined;
      }),
    );
    signIn(112);
    const client = await startApp();
    submitWrite(client, createRequestMutationOptions(), request('HANGS')).catch(() => undefined);
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sending']);
    });
    goOffline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['queued']);
    });
    hang = false;
    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(seen.map((s) => s.key)).toEqual([firstEntry(client).id]);
  });
  it('does not hold the next change while the list refetch after a write waits', async () => {
    const seen = recordWrites(server);
    server.use(
      http.get(apiUrl('devices/modemrequests/:imei'), async () => {
        await delay('infinite');
        return undefined;
      }),
    );
    signIn(113);
    const client = await startApp();
    // The list is on screen (so a write refetches it), and its fetches never end.
    const list = new QueryObserver(client, modemRequestsQueryOptions(IMEI));
    const unsubscribe = list.subscribe(() => undefined);
    await submitWrite(client, createRequestMutationOptions(), request('ONE'));
    await submitWrite(client, createRequestMutationOptions(), request('TWO'));
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent', 'sent']);
    });
    expect(seen).toHaveLength(2);
    unsubscribe();
  });
});
