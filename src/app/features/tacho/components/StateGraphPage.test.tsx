import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TachoStateGraph } from '@shared/tacho/tacho-lists';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { TACHO_USER } from '@app/features/tacho/test/tacho-fixtures';
import { StateGraphPage } from './StateGraphPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
afterEach(() => {
  cleanup();
});

const counts = (Available: number, SoonAvailable: number, NotOnSchedule: number) => ({
  Available,
  SoonAvailable,
  NotOnSchedule,
});

function show(graph: TachoStateGraph) {
  server.use(http.get(apiUrl('rtddata/stategraph'), () => HttpResponse.json(graph)));
  saveSession(loginFixture(TACHO_USER));
  renderRoute(() => <StateGraphPage />, { client: createQueryClient() });
}

describe('State Graph (spec 03 §2, issue 12 item 8)', () => {
  it('draws both charts from the answer with their shares and states the thresholds', async () => {
    show({
      ByLaw: { Vehicles: counts(6, 3, 1), Drivers: counts(1, 1, 2) },
      PlannedRdl: { Vehicles: counts(2, 2, 6), Drivers: counts(0, 0, 4) },
      SoonDays: 5,
    });
    expect(
      await screen.findByRole('img', {
        name: 'Vehicles: Available 60% (6), Soon Available 30% (3), Not on Schedule 10% (1)',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Drivers: Available 0% (0), Soon Available 0% (0), Not on Schedule 100% (4)',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/more than 5 days left/)).toBeTruthy();
    expect(screen.getByText(/Soon Available: within 5 days/)).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Available', 'Soon Available', 'Not on Schedule']);
  });

  it('says so when there is nothing to chart', async () => {
    const none = counts(0, 0, 0);
    show({
      ByLaw: { Vehicles: none, Drivers: none },
      PlannedRdl: { Vehicles: none, Drivers: none },
      SoonDays: 7,
    });
    expect(await screen.findByText('No vehicles or drivers found')).toBeTruthy();
  });
});
