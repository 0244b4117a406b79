import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_GUID } from '@shared/devices/constants';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { EndpointsTab } from './EndpointsTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const ENDPOINT = { Id: 'e-1', Name: 'Ingest', URL: 'https://ingest.example/api', Protocol: 1 };
const message0 = {
  index: 0,
  URL: ENDPOINT.URL,
  protocol: 1,
  endpointID: 'e-1',
  TIME: 3,
  REQ: 65535,
};
const config = configFixture({ endpoint0ID: 'e-1', message0 });
const device = deviceFixture({ CurrentConfig: config, NewConfig: config });

function withEndpoints() {
  server.use(http.get(apiUrl('endpoints/customer/:id'), () => HttpResponse.json([ENDPOINT])));
}

describe('EndpointsTab', () => {
  it('shows admins the endpoint URL in the select, others the name only', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    withEndpoints();
    renderWithProviders(<EndpointsTab device={device} />);
    expect(
      await screen.findAllByRole('option', { name: 'Ingest – https://ingest.example/api' }),
    ).toHaveLength(3);
  });

  it('saves a slot as endpoint{n}ID', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withEndpoints();
    let body: unknown;
    server.use(
      http.post(apiUrl('devices/settings/:imei'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(device);
      }),
    );
    renderWithProviders(<EndpointsTab device={device} />);
    await screen.findAllByRole('option', { name: 'Ingest' });
    const save = screen.getByRole('button', { name: 'Save message 1' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Message 1'), { target: { value: 'e-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save message 1' }));
    await waitFor(() => {
      expect(body).toEqual({ SettingsList: [{ SettingName: 'endpoint1ID', Value: 'e-1' }] });
    });
  });

  it('clears a message after confirmation by sending zero for every flag', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withEndpoints();
    let body: { SettingsList: { SettingName: string; Value: string }[] } | undefined;
    server.use(
      http.post(apiUrl('devices/settings/:imei'), async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json(device);
      }),
    );
    renderWithProviders(<EndpointsTab device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear message 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Are you sure you want to clear this message?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(body?.SettingsList[0]?.SettingName).toBe('endpoint0JSON');
    });
    const cleared = JSON.parse(body?.SettingsList[0]?.Value ?? '{}') as Record<string, unknown>;
    expect(cleared).toMatchObject({ URL: ENDPOINT.URL, endpointID: 'e-1', TIME: 0, REQ: 0, DS: 0 });
  });

  it('edits the flags in a checkbox grid of event flags by chapter', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withEndpoints();
    renderWithProviders(<EndpointsTab device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit message 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message 0 flags' });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(16 * 12);
    expect(
      within(dialog).getByRole('checkbox', { name: 'TIME GNSS' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      within(dialog).getByRole('checkbox', { name: 'TIME TACHO' }).getAttribute('aria-checked'),
    ).toBe('false');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'TIME TACHO' }));
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('lists no edit or clear for viewers', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    withEndpoints();
    renderWithProviders(
      <EndpointsTab
        device={deviceFixture({ NewConfig: configFixture({ endpoint0ID: EMPTY_GUID }) })}
      />,
    );
    await screen.findByRole('table', { name: 'Message flags' });
    expect(screen.queryByRole('button', { name: /^(Edit|Clear) message/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Save message/ })).toBeNull();
  });
});
