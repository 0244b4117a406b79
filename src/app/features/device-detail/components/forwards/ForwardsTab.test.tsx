import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceForward, Forward, MessageTypeName } from '@shared/forwards/forwards';
import { healthFixture, healthHandlers } from '@app/components/forward-health/test/health-fixtures';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { ForwardsTab } from './ForwardsTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const empty = (MessageType: MessageTypeName): DeviceForward => ({
  Id: 0,
  IMEI: '358528110000005',
  MessageType,
  MessageTypeId: 1,
  ForwardId: null,
  Protocol: 'non',
  Name: null,
  IP: null,
  Port: null,
  Username: null,
  Password: null,
  API_KEY: null,
  Authorization: null,
  Status: null,
});
const SLOTS: DeviceForward[] = [
  empty('TD'),
  {
    ...empty('RT'),
    Id: 9,
    ForwardId: 3,
    Protocol: 'MQTT',
    Name: 'Ops feed',
    IP: '198.51.100.2',
    Port: 1883,
    Status: 1,
  },
  empty('TC'),
  empty('TL'),
];
const forward = (Id: number, Name: string, types: string[], CustomerId: number | null = 5) =>
  ({
    Id,
    Name,
    CustomerId,
    IP: `10.0.0.${Id}`,
    Port: 8000 + Id,
    Status: 1,
    MessageTypes: types.map((MessageType, i) => ({ MessageTypeId: i, MessageType })),
  }) as unknown as Forward;
const CATALOG = [
  forward(1, 'Trips only', ['TD']),
  forward(2, 'Everything', ['TD', 'RT', 'TL']),
  forward(3, 'Other customer', ['TD'], 99),
];

function withForwards() {
  server.use(
    http.get(apiUrl('devices/forwards/:imei'), () => HttpResponse.json(SLOTS)),
    http.get(apiUrl('forwards/customer/:id'), () => HttpResponse.json(CATALOG)),
    ...healthHandlers([healthFixture(3, { State: 'retrying', Backlog: 12, LagSeconds: 95 })])
      .handlers,
  );
}

describe('ForwardsTab', () => {
  it('names the message types and keeps RDL (TC) from being edited', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withForwards();
    renderWithProviders(<ForwardsTab device={deviceFixture()} />);
    const table = await screen.findByRole('table', { name: 'Message forwards' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Message',
      'Protocol',
      'Name',
      'State',
      'Backlog',
      'Lag',
      'Server',
      'Port',
      'Username',
      'Password',
      'API_KEY',
      'Authorization',
      'Status',
      'Actions',
    ]);
    for (const label of ['Tracking (RT)', 'TripData (TD)', 'TachoLive (TL)', 'RDL (TC)'])
      expect(within(table).getByText(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit RDL (TC)' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByText('Server Up & Running')).toBeTruthy();
  });

  it('offers only fitting forwards, shows the chosen one, and saves a new slot', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withForwards();
    let sent: unknown;
    server.use(
      http.post(apiUrl('devices/forwards/'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(SLOTS[0]);
      }),
    );
    renderWithProviders(<ForwardsTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit TripData (TD)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward for TripData (TD)' });
    await within(dialog).findByRole('option', { name: 'Trips only' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['--', 'Trips only', 'Everything']);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Forward'), { target: { value: '2' } });
    expect(within(dialog).getByText('10.0.0.2')).toBeTruthy();
    expect(within(dialog).getByText('8002')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Forward saved');
    });
    expect(sent).toEqual({ IMEI: '358528110000005', MessageType: 'TD', ForwardId: 2 });
  });

  it('updates an assigned slot and removes one after confirmation', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withForwards();
    server.use(
      http.put(apiUrl('devices/forwards/'), () => HttpResponse.json(SLOTS[1])),
      http.delete(apiUrl('devices/forwards/:id'), () => HttpResponse.json(empty('RT'))),
    );
    renderWithProviders(<ForwardsTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Tracking (RT)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward for Tracking (RT)' });
    await within(dialog).findByRole('option', { name: 'Everything' });
    fireEvent.change(within(dialog).getByLabelText('Forward'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Forward updated');
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Tracking (RT)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Forward removed');
    });
  });
});

describe('ForwardsTab delivery health', () => {
  it("shows the assigned forward's State, Backlog and Lag; Health opens its panel", async () => {
    saveSession(loginFixture({ Role: 'User' }));
    withForwards();
    renderWithProviders(<ForwardsTab device={deviceFixture()} />);
    const table = await screen.findByRole('table', { name: 'Message forwards' });
    const row = within(table).getByRole('row', { name: /Tracking \(RT\)/ });
    await within(row).findByText('Retrying');
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(3, 6).map((c) => c.textContent)).toEqual(['Retrying', '12', '1 min']);
    // An empty slot has no forward, so no health and no panel.
    const empty = within(table).getByRole('row', { name: /TripData \(TD\)/ });
    expect(
      within(empty)
        .getAllByRole('cell')
        .slice(3, 6)
        .map((c) => c.textContent),
    ).toEqual(['', '', '']);
    expect(
      screen.getByRole('button', { name: 'Health of TripData (TD)' }).hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Health of Tracking (RT)' }));
    const panel = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    await within(panel).findByText('The last attempt failed; the next one is scheduled.');
    // The forward is the customer's (not shared), so this user may replay it.
    expect(await within(panel).findByRole('button', { name: 'Replay' })).toBeTruthy();
  });

  it('opens the panel from the badge for a Viewer, without Replay or edit buttons', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    withForwards();
    renderWithProviders(<ForwardsTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retrying: health of Ops feed' }));
    const panel = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    await within(panel).findByText('Retrying');
    expect(within(panel).queryByRole('button', { name: 'Replay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Tracking (RT)' })).toBeNull();
  });
});
