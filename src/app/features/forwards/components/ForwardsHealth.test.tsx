import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '@shared/auth';
import type { Forward } from '@shared/forwards';
import type { ForwardSearchFilter } from '@shared/forwards-list';
import { HEALTH_NOT_LOADED } from '@app/components/forward-health/HealthNotice';
import { healthFixture, healthHandlers } from '@app/components/forward-health/test/health-fixtures';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { authFixture, customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { ForwardsPage } from './ForwardsPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const server = startApiServer();
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
});
afterEach(() => {
  cleanup();
  restoreSize();
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

/** The health cells of a row: State, Backlog, Lag, Delivered 24h, Failed 24h. */
const healthCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(11, 16)
    .map((cell) => cell.textContent);

describe('forward health on the Forwards page', () => {
  it('shows each row’s health, asking once for the loaded page; unknown ones read –', async () => {
    const health = healthHandlers(HEALTH);
    server.use(...health.handlers);
    showForwards({ Role: 'User', CustomerId: 3 });
    const table = await screen.findByRole('table', { name: 'Forwards' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(11, 16),
    ).toEqual(['State', 'Backlog', 'Lag', 'Delivered 24h', 'Failed 24h']);
    const row = screen.getByRole('row', { name: /Ops feed/ });
    await within(row).findByText('Retrying');
    expect(healthCells(row)).toEqual(['Retrying', '12', '4 min', '1,520', '3']);
    expect(healthCells(screen.getByRole('row', { name: /Provider feed/ }))).toEqual([
      'Paused',
      '100,000+',
      '–',
      '0',
      '0',
    ]);
    expect(healthCells(screen.getByRole('row', { name: /Gone/ }))).toEqual([
      '–',
      '–',
      '–',
      '–',
      '–',
    ]);
    expect(health.calls).toEqual([[1, 2, 5]]);
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
    fireEvent.click(screen.getByRole('button', { name: 'Paused: health of Provider feed' }));
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

  it('keeps the list when health fails: – in the cells and a quiet Retry', async () => {
    server.use(http.get(apiUrl('forwards/health'), () => new HttpResponse(null, { status: 500 })));
    showForwards({ Role: 'User', CustomerId: 3 });
    expect(await screen.findByText(HEALTH_NOT_LOADED)).toBeTruthy();
    const row = screen.getByRole('row', { name: /Ops feed/ });
    expect(healthCells(row)).toEqual(['–', '–', '–', '–', '–']);

    server.use(...healthHandlers(HEALTH).handlers);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await within(row).findByText('Retrying');
    expect(screen.queryByText(HEALTH_NOT_LOADED)).toBeNull();
  });
});
