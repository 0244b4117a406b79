import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLLOUT_PAGE, type Rollout } from '@shared/libraries/rollout-views';
import type { ListSearch } from '@app/components/list';
import { sizeElementsInEachTest } from '@app/components/list/test/layout';
import { formatListDate } from '@app/components/list/table';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { rolloutsInfiniteOptions } from '@app/features/rollouts/api/rollouts';
import type { RolloutFilter } from '@app/features/rollouts/model/rollout-list-url';
import { rollout, stage } from '@app/features/rollouts/test/fixtures';
import { ADMIN } from '@app/features/rollouts/test/render';
import { RolloutsPage } from './RolloutsPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
sizeElementsInEachTest();
afterEach(() => {
  cleanup();
});

function Page() {
  const [search, setSearch] = useState<ListSearch<RolloutFilter>>({
    filter: 'Description',
    text: '',
    customerId: null,
  });
  return <RolloutsPage search={search} onSearchChange={setSearch} />;
}

function showRollouts(pages: Rollout[][]) {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('rollouts/'), ({ request }) => {
      const search = new URL(request.url).search;
      calls.push(search);
      return HttpResponse.json(pages[calls.length - 1] ?? []);
    }),
  );
  saveSession(loginFixture(ADMIN));
  renderRoute(() => <Page />, {
    client: createQueryClient(),
    links: ['/rollouts/$id', '/canprotocol', '/firmware'],
  });
  return calls;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('/rollouts', () => {
  it('lists the rollouts newest first with state, stage and progress; each opens its screen', async () => {
    showRollouts([
      [
        rollout(8, {
          Kind: 'firmware',
          Description: 'Firmware 4.03.00 (QAN-ALL 4G) for Atlas Freight',
          Customer: 'Atlas Freight',
          CustomerId: 3,
          State: 'paused',
          Stage: 1,
          Stages: [stage(0, { applied: 2 }), stage(1, { applied: 3, failed: 2, sent: 5 })],
        }),
        rollout(7, {
          State: 'completed',
          Stages: [stage(0, { applied: 2 }), stage(1, { applied: 10 })],
        }),
      ],
    ]);
    expect(await screen.findByRole('heading', { name: 'Rollouts' })).toBeTruthy();
    const paused = await screen.findByRole('row', { name: /Firmware 4\.03\.00/ });
    expect(cells(paused)).toEqual([
      '8',
      'Firmware 4.03.00 (QAN-ALL 4G) for Atlas Freight',
      'Atlas Freight',
      'Paused',
      'Rest',
      '5 applied · 2 failed of 12',
      formatListDate('2026-03-14T09:05:00.000Z'),
    ]);
    expect(within(paused).getByRole('img').getAttribute('aria-label')).toBe(
      'Rollout 8: 5 applied, 2 failed, 5 sent of 12 devices',
    );
    expect(
      within(paused)
        .getByRole('link', { name: /Firmware 4\.03\.00/ })
        .getAttribute('href'),
    ).toBe('/rollouts/8');
    const done = screen.getByRole('row', { name: /QTL VOLVO01/ });
    expect(cells(done).slice(2, 6)).toEqual([
      'All customers',
      'Completed',
      '–',
      '12 applied of 12',
    ]);
    expect(screen.getByRole('link', { name: 'QTLibrary' }).getAttribute('href')).toBe(
      '/canprotocol',
    );
  });

  it('says so when there are none', async () => {
    showRollouts([[]]);
    expect(await screen.findByText('No rollouts found')).toBeTruthy();
  });

  it('continues after the last rollout of a full page', async () => {
    const first = Array.from({ length: ROLLOUT_PAGE }, (_, i) =>
      rollout(100 - i, { State: 'completed' }),
    );
    const calls = showRollouts([first, [rollout(50, { State: 'completed' })]]);
    await screen.findByRole('row', { name: /^100/ });
    await waitFor(() => {
      expect(calls).toEqual(['', '?after=51']);
    });
  });
});

describe('rolloutsInfiniteOptions', () => {
  it('refreshes every 5 s while a loaded rollout is live, not otherwise', () => {
    const interval = rolloutsInfiniteOptions().refetchInterval;
    if (typeof interval !== 'function') throw new Error('no interval function');
    const of = (...states: Rollout['State'][]) =>
      interval({
        state: { data: { pages: [states.map((State, i) => rollout(i + 1, { State }))] } },
      } as never);
    expect(of('completed', 'paused')).toBe(5000);
    expect(of('completed', 'cancelled')).toBe(false);
  });
});
