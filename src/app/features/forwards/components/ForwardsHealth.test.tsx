import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '@shared/access/auth';
import type { Forward } from '@shared/forwards/forwards';
import type { ForwardSearchFilter } from '@shared/forwards/forwards-list';
import { HEALTH_NOT_LOADED } from '@app/components/forward-health/HealthNotice';
import { healthFixture, healthHandlers } from '@app/components/forward-health/test/health-fixtures';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize, usePhoneLayout } from '@app/components/list/test/layout';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { authFixture, customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { ForwardsPage } from './ForwardsPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
});
afterEach(() => {
  cleanup();
  restoreSize();
  vi.restoreAllMocks();
});

const forward = (Id: number, Name: string, CustomerId: number | null): Forward => ({
  Id,
  CustomerId,
  Customer: CustomerId === null ? null : 'Atlas Freight',
  Name,
  IP: '203.0.113.9',
  Port: 8443,
  Username: 'feeder',
  Password: null,
  API_KEY: null,
  Auth: null,
  Status: 1,
  Protocol: 'MQTT',
  MessageTypes: [{ MessageTypeId: 2, MessageType: 'RT' }],
  Protocols: [{ ProtocolId: 1, Protocol: 'MQTT' }],
  Amountdevices: 0,
  IntegrationType: 0,
});
const FORWARDS = [
  forward(1, 'Ops feed', 3),
  forward(2, 'Provider feed', null),
  forward(5, 'Gone', 3),
];
const HEALTH = [
  healthFixture(1, {
    State: 'retrying',
    Backlog: 12,
    LagSeconds: 250,
    Delivered24h: 1520,
    Failed24h: 3,
  }),
  healthFixture(2, { State: 'paused', Backlog: 100_000, BacklogCapped: true }),
];

function Page() {
  const [search, setSearch] = useState<ListSearch<ForwardSearchFilter>>({
    filter: 'Name',
    text: '',
    customerId: null,
  });
  return <ForwardsPage search={search} onSearchChange={setSearch} />;
}

function showForwards(auth: Partial<Auth>) {
  server.use(
    http.get(apiUrl('forwards/chunk/'), () => HttpResponse.json(FORWARDS)),
    http.get(apiUrl('forwards/all/'), () => HttpResponse.json(FORWARDS.length)),
    http.get(apiUrl('customers/'), () => HttpResponse.json([customerFixture(3, 'Atlas Freight')])),
  );
  saveSession(loginFixture(authFixture(auth)));
  renderRoute(() => <Page />);
}

/** A row's Delivery cell (after Status). */
const deliveryCell = (row: HTMLElement) => {
  const cell = within(row).getAllByRole('cell')[10];
  if (!cell) throw new Error('no Delivery cell');
  return cell;
};
const OPS_FEED = 'Retrying, 3 failed, 12 waiting · lag 4 min: health of Ops feed';
const PROVIDER_FEED = 'Paused, 100K+ waiting: health of Provider feed';

describe('forward health on the Forwards page', () => {
  it('shows each row’s delivery in one column, asking once for the loaded page', async () => {
    const health = healthHandlers(HEALTH);
    server.use(...health.handlers);
    showForwards({ Role: 'User', CustomerId: 3 });
    const table = await screen.findByRole('table', { name: 'Forwards' });
    // The spec's columns stay, in their order; Delivery stands after Status.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Customer',
      'Name',
      'IP',
      'Port',
      'Protocol',
      'Username',
      'Password',
      'API_Key',
      'Authorization',
      'Status',
      'Delivery',
      'Devices',
      'Actions',
    ]);
    const row = screen.getByRole('row', { name: /Ops feed/ });
    const ops = await within(row).findByRole('button', { name: OPS_FEED });
    expect(deliveryCell(row).contains(ops)).toBe(true);
    // The state in words and colour, the failed ones in the danger colour, what waits muted.
    expect(within(ops).getByText('Retrying').className).toContain('bg-amber-50');
    expect(within(ops).getByText('3 failed').className).toContain('text-rose-700');
    expect(within(ops).getByText('12 waiting · lag 4 min').className).toContain('text-slate-600');
    // Every number in full on hover (and in the panel).
    expect(ops.title).toBe(
      'Retrying · 12 waiting · lag 4 min · 1,520 delivered, 3 failed in 24 h. Show the delivery health',
    );

    const provider = screen.getByRole('row', { name: /Provider feed/ });
    const paused = within(provider).getByRole('button', { name: PROVIDER_FEED });
    expect(within(paused).queryByText(/failed/)).toBeNull();
    expect(deliveryCell(screen.getByRole('row', { name: /Gone/ })).textContent).toBe('–');
    expect(health.calls).toEqual([[1, 2, 5]]);
  });

  it('shows the same delivery on a phone’s card, on a line of its own', async () => {
    usePhoneLayout();
    server.use(...healthHandlers(HEALTH).handlers);
    showForwards({ Role: 'User', CustomerId: 3 });
    const card = await screen.findByRole('article', { name: 'Ops feed' });
    const ops = await within(card).findByRole('button', { name: OPS_FEED });
    const field = ops.closest('div');
    expect(field?.className).toContain('col-span-2');
    expect(field?.querySelector('dt')?.textContent).toBe('Delivery');
    // The card's last field, under the pairs of values.
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent).slice(-2)).toEqual([
      'Devices',
      'Delivery',
    ]);
    fireEvent.click(ops);
    expect(await screen.findByRole('dialog', { name: 'Health of Ops feed' })).toBeTruthy();
  });

  it('opens the detail panel from the Health button and from the badge; Replay as for edit', async () => {
    server.use(...healthHandlers(HEALTH).handlers);
    showForwards({ Role: 'User', CustomerId: 3 });
    fireEvent.click(await screen.findByRole('button', { name: 'Health of Ops feed' }));
    let panel = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    expect(within(panel).getByRole('button', { name: 'Replay' })).toBeTruthy();
    const [, footerClose] = within(panel).getAllByRole('button', { name: 'Close' });
    if (!footerClose) throw new Error('no Close in the footer');
    fireEvent.click(footerClose);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    // A shared forward is the provider's: a user may look, not replay.
    fireEvent.click(screen.getByRole('button', { name: PROVIDER_FEED }));
    panel = await screen.findByRole('dialog', { name: 'Health of Provider feed' });
    await within(panel).findByText('Paused');
    expect(within(panel).queryByRole('button', { name: 'Replay' })).toBeNull();
  });

  it('gives a Viewer the panel without Replay, and an admin Replay on shared forwards', async () => {
    server.use(...healthHandlers(HEALTH).handlers);
    showForwards({ Role: 'Viewer', CustomerId: 3 });
    fireEvent.click(await screen.findByRole('button', { name: 'Health of Ops feed' }));
    const panel = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    await within(panel).findByText('Retrying');
    expect(within(panel).queryByRole('button', { name: 'Replay' })).toBeNull();
    cleanup();

    showForwards({ Role: 'Admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Health of Provider feed' }));
    const admin = await screen.findByRole('dialog', { name: 'Health of Provider feed' });
    expect(within(admin).getByRole('button', { name: 'Replay' })).toBeTruthy();
  });

  it('keeps the list when health fails: – in the cell and a quiet Retry', async () => {
    server.use(http.get(apiUrl('forwards/health'), () => new HttpResponse(null, { status: 500 })));
    showForwards({ Role: 'User', CustomerId: 3 });
    expect(await screen.findByText(HEALTH_NOT_LOADED)).toBeTruthy();
    const row = screen.getByRole('row', { name: /Ops feed/ });
    expect(deliveryCell(row).textContent).toBe('–');

    server.use(...healthHandlers(HEALTH).handlers);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await within(row).findByRole('button', { name: OPS_FEED });
    expect(screen.queryByText(HEALTH_NOT_LOADED)).toBeNull();
  });
});
