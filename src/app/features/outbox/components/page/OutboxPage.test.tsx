import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createRequestMutationOptions } from '@app/features/device-detail/api/modem-requests';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { submitWrite } from '@app/features/outbox/queue/submit';
import {
  cleanUpOutboxTests,
  DEVICE,
  goOffline,
  goOnline,
  recordWrites,
  signIn,
  startApp,
} from '@app/features/outbox/test/outbox-harness';
import { OUTBOX_EMPTY_TITLE, OutboxPage } from './OutboxPage';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const server = setupMockApi();
cleanUpOutboxTests();

describe('OutboxPage', () => {
  it('says so when nothing is queued', async () => {
    signIn(201);
    renderWithProviders(<OutboxPage />, await startApp());
    await screen.findByText(OUTBOX_EMPTY_TITLE);
  });

  it('lists a queued change, then shows it failed with the reason, to retry', async () => {
    const seen = recordWrites(server);
    let refuse = true;
    let executed = false;
    server.use(
      http.post(apiUrl('devices/modemrequests/:imei'), () =>
        refuse ? HttpResponse.json({ message: 'Unknown command' }, { status: 400 }) : undefined,
      ),
      // The device executes the request once `executed` is set (the Outbox polls for it).
      http.get(apiUrl('devices/modemrequests/:imei'), () =>
        HttpResponse.json(
          seen.length === 0
            ? []
            : [
                {
                  Id: 1,
                  IMEI: DEVICE.imei,
                  Command: 'PING',
                  CommandType: 20,
                  Created: '',
                  Executed: executed ? '2026-11-23T10:00:00Z' : null,
                },
              ],
        ),
      ),
    );
    signIn(202);
    const client = await startApp();
    goOffline();
    await submitWrite(client, createRequestMutationOptions(), {
      ...DEVICE,
      Command: 'PING',
      CommandType: 20,
    });
    renderWithProviders(<OutboxPage />, client);
    const row = (await screen.findByText('PING')).closest('li');
    if (!row) throw new Error('no row');
    within(row).getByText('Queued');

    goOnline();
    await within(row).findByText('Failed');
    within(row).getByText(/The server refused it \(400\): Unknown command/);

    refuse = false;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(screen.getByText('Sent · awaiting device')).toBeTruthy();
    });
    expect(seen).toHaveLength(1);

    executed = true;
    await client.invalidateQueries({ queryKey: ['device-detail', 'modem-requests', DEVICE.imei] });
    // Retry sent it as a new change (a new row), so look on the whole screen.
    expect(await screen.findByText('Executed')).toBeTruthy();
  });
});
