import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { clearSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { setExpiryNavigation } from '@app/lib/session-expiry';
import { createRequestMutationOptions } from '@app/features/device-detail/api/modem-requests';
import { saveSettingsMutationOptions } from '@app/features/device-detail/api/settings';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl } from '@app/features/device-detail/test/render';
import { keepMine } from './actions';
import { submitWrite } from './queue/submit';
import {
  cleanUpOutboxTests,
  DEVICE,
  firstEntry,
  goOffline,
  goOnline,
  IMEI,
  outboxMutations,
  outboxReady,
  recordWrites,
  request,
  reloadApp,
  signIn,
  startApp,
  statuses,
} from './test/outbox-harness';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const server = setupMockApi();
cleanUpOutboxTests();

/** Queues, offline, timedMessageInterval 120 → 60 (120 being what the installer last saw). */
const queueIntervalChange = (client: Parameters<typeof statuses>[0]) =>
  submitWrite(client, saveSettingsMutationOptions(), {
    ...DEVICE,
    settings: [{ SettingName: 'timedMessageInterval', Value: '60' }],
    base: { timedMessageInterval: '120' },
  });

describe('the outbox across reloads, sessions and conflicts', () => {
  it('survives a reload: the stored outbox comes back and replays, an in-flight change too', async () => {
    const seen = recordWrites(server);
    signIn(104);
    let client = await startApp();
    goOffline();
    await submitWrite(client, createRequestMutationOptions(), request('STORED'));
    const key = firstEntry(client).id;

    client = await reloadApp(client);
    await outboxReady();
    expect(statuses(client)).toEqual(['queued']);
    expect(firstEntry(client).id).toBe(key);

    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(seen.map((s) => s.key)).toEqual([key]);
  });

  it('restores a change that was on its way when the page died as queued, same key', async () => {
    const seen = recordWrites(server);
    server.use(
      http.post(apiUrl('devices/modemrequests/:imei'), async () => {
        await delay('infinite');
        return undefined;
      }),
    );
    signIn(105);
    let client = await startApp();
    submitWrite(client, createRequestMutationOptions(), request('IN FLIGHT')).catch(
      () => undefined,
    );
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sending']);
    });
    const key = firstEntry(client).id;
    server.resetHandlers();
    const replayed = recordWrites(server);

    client = await reloadApp(client);
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(replayed.map((s) => s.key)).toEqual([key]);
    expect(seen).toHaveLength(0);
  });

  it('keeps the queue of an expired session for the same user only, never another', async () => {
    const seen = recordWrites(server);
    signIn(106, 'token-of-106');
    const client = await startApp();
    goOffline();
    await submitWrite(client, createRequestMutationOptions(), request('MINE'));

    clearSession(); // the session expires
    await waitFor(() => {
      expect(outboxMutations(client)).toHaveLength(0);
    });
    signIn(107, 'token-of-107'); // someone else signs in on this device
    await outboxReady();
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outboxMutations(client)).toHaveLength(0);
    expect(seen).toHaveLength(0);

    clearSession();
    signIn(106, 'token-of-106'); // the installer is back
    await outboxReady();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(seen.map((s) => s.token)).toEqual(['Bearer token-of-106']);
  });

  it('stops a settings change that meets another change on the server; keep mine sends it', async () => {
    const seen = recordWrites(server);
    const device = deviceFixture({ Id: DEVICE.deviceId, IMEI });
    let serverInterval = '120';
    server.use(
      http.get(apiUrl('devices/:id'), () => {
        const settings = device.NewConfig.settings.map((s) =>
          s.SettingName === 'timedMessageInterval' ? { ...s, Value: serverInterval } : s,
        );
        return HttpResponse.json({ ...device, NewConfig: { ...device.NewConfig, settings } });
      }),
    );
    signIn(108);
    const client = await startApp();
    goOffline();
    await queueIntervalChange(client);
    serverInterval = '300'; // the office changed it meanwhile
    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['conflict']);
    });
    expect(seen).toHaveLength(0);
    const entry = firstEntry(client);
    expect(entry.failure).toMatchObject({
      kind: 'conflict',
      conflicts: [{ SettingName: 'timedMessageInterval', base: '120', mine: '60', theirs: '300' }],
    });

    keepMine(client, entry);
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(seen.map((s) => s.body)).toEqual([
      { SettingsList: [{ SettingName: 'timedMessageInterval', Value: '60' }] },
    ]);
  });

  it('sends an unchanged setting without asking', async () => {
    const seen = recordWrites(server);
    const device = deviceFixture({ Id: DEVICE.deviceId, IMEI });
    server.use(http.get(apiUrl('devices/:id'), () => HttpResponse.json(device)));
    signIn(109);
    const client = await startApp();
    goOffline();
    await queueIntervalChange(client);
    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(seen).toHaveLength(1);
  });
  it('keeps a replay that meets an ended session (401, renewal refused) for the same user to send later', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    setExpiryNavigation(() => undefined);
    const seen = recordWrites(server);
    let expired = true;
    server.use(
      http.post(apiUrl('devices/modemrequests/:imei'), () =>
        expired ? new HttpResponse(null, { status: 401 }) : undefined,
      ),
      // The refresh credential is gone (revoked, or past its 7 idle days).
      http.post(apiUrl('auth/refresh'), () => new HttpResponse(null, { status: 401 })),
    );
    signIn(111, 'old-token');
    const client = await startApp();
    goOffline();
    await submitWrite(client, createRequestMutationOptions(), request('AFTER EXPIRY'));
    const key = firstEntry(client).id;
    goOnline();
    await waitFor(() => {
      expect(alert).toHaveBeenCalled();
    });
    expect(outboxMutations(client)).toHaveLength(0);

    expired = false;
    signIn(111, 'new-token');
    await outboxReady();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent']);
    });
    expect(seen.map((s) => [s.key, s.token])).toEqual([[key, 'Bearer new-token']]);
    vi.unstubAllGlobals();
  });

  it('replays a change queued before the token expired exactly once, after one renewal', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const seen = recordWrites(server);
    let refreshes = 0;
    server.use(
      http.post(apiUrl('devices/modemrequests/:imei'), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer renewed-token'
          ? undefined
          : new HttpResponse(null, { status: 401 }),
      ),
      http.post(apiUrl('auth/refresh'), () => {
        refreshes++;
        return HttpResponse.json({ ...loginFixture({ Id: 112 }), AccessToken: 'renewed-token' });
      }),
    );
    signIn(112, 'token-that-expires-offline');
    const client = await startApp();
    goOffline();
    await submitWrite(client, createRequestMutationOptions(), request('AFTER RENEWAL'));
    await submitWrite(client, createRequestMutationOptions(), request('AND ANOTHER'));
    const keys = outboxMutations(client).map(
      (m) => (m.state.variables as { outbox: { id: string } }).outbox.id,
    );
    goOnline();
    await waitFor(() => {
      expect(statuses(client)).toEqual(['sent', 'sent']);
    });
    expect(seen.map((s) => [s.key, s.token])).toEqual([
      [keys[0], 'Bearer renewed-token'],
      [keys[1], 'Bearer renewed-token'],
    ]);
    expect(refreshes).toBe(1);
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
