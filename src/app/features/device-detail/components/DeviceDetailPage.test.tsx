import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceDetailKeys } from '@app/features/device-detail/api/keys';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { lookupHandlers } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { DeviceDetailPage } from './DeviceDetailPage';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const legacy = configFixture({ applicationVersion: 0 });

const tabLabels = () =>
  Array.from(
    screen.getByRole('navigation', { name: 'Device sections' }).querySelectorAll('a'),
    (a) => a.textContent,
  );

describe('DeviceDetailPage', () => {
  it('titles the page with the IMEI and offers CAN Config for applicationVersion 0', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(
      ...lookupHandlers(),
      http.get(apiUrl('devices/:id'), () =>
        HttpResponse.json(deviceFixture({ CurrentConfig: legacy, NewConfig: legacy })),
      ),
    );
    renderWithProviders(<DeviceDetailPage id={42} tab={undefined} />);
    expect(await screen.findByRole('heading', { name: '358528110000005' })).toBeTruthy();
    expect(tabLabels()).toContain('CAN Config');
    expect(tabLabels()).not.toContain('Endpoints & messages');
    expect(tabLabels()).not.toContain('Customer history');
    // The phone picker lists the same tabs and shows the active one.
    const picker = screen.getByLabelText<HTMLSelectElement>('Device section');
    expect(picker.value).toBe('information');
    expect(picker.options).toHaveLength(tabLabels().length);
  });

  it('opens the linked tab and gives admins Customer history', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    server.use(
      http.get(apiUrl('devices/:id'), () => HttpResponse.json(deviceFixture())),
      http.get(apiUrl('devices/modemrequests/:imei'), () => HttpResponse.json([])),
    );
    renderWithProviders(<DeviceDetailPage id={42} tab="requests" />);
    expect(await screen.findByText('No requests yet')).toBeTruthy();
    expect(tabLabels()).toContain('Customer history');
    expect(tabLabels()).toContain('Endpoints & messages');
    expect(screen.getByRole('link', { name: 'Requests' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('shows a failure with a Retry', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(http.get(apiUrl('devices/:id'), () => new HttpResponse(null, { status: 500 })));
    renderWithProviders(<DeviceDetailPage id={42} tab={undefined} />);
    expect(await screen.findByText('The device could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("says 'Not found' without a Retry for a device that is missing or another customer's", async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(
      http.get(apiUrl('devices/:id'), () =>
        HttpResponse.json({ message: 'Device not found' }, { status: 404 }),
      ),
    );
    renderWithProviders(<DeviceDetailPage id={42} tab={undefined} />);
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.getByText(/Device not found: it does not exist/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('keeps the device on screen when a later refetch fails (the failure is toasted)', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    let answer: 'device' | 'failure' = 'device';
    server.use(
      ...lookupHandlers(),
      http.get(apiUrl('devices/:id'), () =>
        answer === 'device'
          ? HttpResponse.json(deviceFixture())
          : new HttpResponse(null, { status: 500 }),
      ),
    );
    const client = renderWithProviders(<DeviceDetailPage id={42} tab={undefined} />);
    await screen.findByRole('heading', { name: '358528110000005' });
    answer = 'failure';
    await client.refetchQueries({ queryKey: deviceDetailKeys.device(42) });
    expect(client.getQueryState(deviceDetailKeys.device(42))?.status).toBe('error');
    // Given time to render, the error panel never replaces the device.
    await expect(
      screen.findByText('The device could not be loaded', {}, { timeout: 300 }),
    ).rejects.toThrow();
    expect(screen.getByRole('heading', { name: '358528110000005' })).toBeTruthy();
  });
});
