import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { RawMessage } from '@shared/devices/raw-messages';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { RawMessagesTab } from './RawMessagesTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const message = (Id: number, ValidJson = true): RawMessage => ({
  Id,
  TimeStampServer: '2026-11-22T06:00:00.000Z',
  ValidJson,
  Message: `{"IMEI":"1","n":${Id}}`,
});

describe('RawMessagesTab', () => {
  it("loads batches of 50 below the last id, then says 'End of Data'", async () => {
    saveSession(loginFixture({ Role: 'User' }));
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('devices/rawmessages/:imei'), () => {
        asked.push('first');
        return HttpResponse.json(Array.from({ length: 50 }, (_, i) => message(200 - i)));
      }),
      http.get(apiUrl('devices/rawmessages/:imei/:lastId'), ({ params }) => {
        asked.push(String(params.lastId));
        return HttpResponse.json([message(10, false)]);
      }),
    );
    renderWithProviders(<RawMessagesTab device={deviceFixture()} />);
    // happy-dom lays nothing out: the page is "short", so the next batch follows at once.
    expect(await screen.findByText('End of Data')).toBeTruthy();
    expect(asked).toEqual(['first', '151']);
    const rows = within(screen.getByRole('table', { name: 'RawMessage' })).getAllByRole('row');
    expect(rows).toHaveLength(52);
    // An invalid message has a blank ValidJson, not 'No'.
    expect(rows.at(-1)?.querySelectorAll('td')[1]?.textContent).toBe('');
    expect(rows[1]?.querySelectorAll('td')[1]?.textContent).toBe('Yes');
  });

  it('says so when the device has sent nothing', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(http.get(apiUrl('devices/rawmessages/:imei'), () => HttpResponse.json([])));
    renderWithProviders(<RawMessagesTab device={deviceFixture()} />);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});
