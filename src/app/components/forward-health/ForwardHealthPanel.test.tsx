import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORWARD_HEALTH_REFRESH_MS } from '@shared/forwards/forward-health';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { formatListTime } from '@app/components/list/format';
import { ForwardHealthPanel } from './ForwardHealthPanel';
import {
  forwardHealthKeys,
  forwardHealthQueryOptions,
  forwardsHealthQueryOptions,
} from './health-api';
import { STATE_MEANINGS } from './HealthFacts';
import { HEALTH_NOT_REFRESHED } from './HealthNotice';
import { healthFixture, healthHandlers } from './test/health-fixtures';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = startApiServer();
afterEach(cleanup);

const FAILING = healthFixture(4, {
  State: 'failing',
  Backlog: 100_000,
  BacklogCapped: true,
  LagSeconds: 250,
  Delivered24h: 1_520,
  Failed24h: 37,
  GivenUp24h: 2,
  LastDeliveredAt: '2025-05-12T08:00:00.000Z',
  LastError: 'connect ECONNREFUSED 203.0.113.9:8443',
  LastErrorAt: '2025-05-12T08:06:00.000Z',
  NextAttemptAt: '2025-05-12T08:07:00.000Z',
  ReplayRemaining: 12,
});

function openPanel(mayReplay: boolean, known = [FAILING]) {
  saveSession(loginFixture({ Role: 'User' }));
  server.use(...healthHandlers(known).handlers);
  const onClose = vi.fn();
  const { client } = renderRoute(() => (
    <ForwardHealthPanel
      forward={{ Id: 4, Name: 'Ops feed' }}
      mayReplay={mayReplay}
      onClose={onClose}
    />
  ));
  return { client, onClose };
}

/** The panel's facts as term → value. */
const facts = (dialog: HTMLElement) =>
  Object.fromEntries(
    within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('ForwardHealthPanel', () => {
  it('shows everything the health says, with the state in words', async () => {
    openPanel(true);
    const dialog = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    await within(dialog).findByText('Failing');
    expect(dialog.textContent).toContain(STATE_MEANINGS.failing);
    const shown = facts(dialog);
    expect(shown).toMatchObject({
      Backlog: '100,000+',
      Lag: '4 min',
      'Replay remaining': '12',
      'Delivered 24h': '1,520',
      'Failed 24h': '37',
      'Given up 24h': '2',
    });
    expect(shown['Last delivered']).toContain(formatListTime('2025-05-12T08:00:00.000Z'));
    expect(shown['Next attempt']).toContain(formatListTime('2025-05-12T08:07:00.000Z'));
    const error = within(dialog).getByRole('region', { name: 'Last error' });
    expect(error.textContent).toContain('connect ECONNREFUSED 203.0.113.9:8443');
    expect(error.textContent).toContain(formatListTime('2025-05-12T08:06:00.000Z'));
    expect(within(dialog).getByRole('button', { name: 'Replay' })).toBeTruthy();
  });

  it('follows each new answer, and keeps the last one with a quiet Retry when one fails', async () => {
    const { client } = openPanel(false);
    const dialog = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    await within(dialog).findByText('Failing');
    expect(within(dialog).queryByRole('button', { name: 'Replay' })).toBeNull();

    server.use(...healthHandlers([healthFixture(4, { Backlog: 7, LagSeconds: 2 })]).handlers);
    await act(() => client.refetchQueries({ queryKey: forwardHealthKeys.all }));
    expect(within(dialog).getByText('Delivering')).toBeTruthy();
    expect(facts(dialog)).toMatchObject({
      Backlog: '7',
      Lag: '2 s',
      'Last delivered': 'Never',
      'Next attempt': 'None scheduled',
    });

    server.use(
      http.get(apiUrl('forwards/:id/health'), () => new HttpResponse(null, { status: 500 })),
    );
    await act(() => client.refetchQueries({ queryKey: forwardHealthKeys.all }));
    expect(within(dialog).getByText(HEALTH_NOT_REFRESHED)).toBeTruthy();
    expect(facts(dialog)).toMatchObject({ Backlog: '7' });
    server.use(...healthHandlers([healthFixture(4, { Backlog: 9 })]).handlers);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByText('9');
    expect(within(dialog).queryByText(HEALTH_NOT_REFRESHED)).toBeNull();
  });

  it('says Not found for a forward the caller may not see', async () => {
    openPanel(true, []);
    const dialog = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    expect(await within(dialog).findByText('Not found')).toBeTruthy();
  });

  it('opens Replay over the panel for those who may', async () => {
    openPanel(true);
    const dialog = await screen.findByRole('dialog', { name: 'Health of Ops feed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByRole('dialog', { name: 'Replay Ops feed' })).toBeTruthy();
  });
});

describe('health queries', () => {
  it('ask again every FORWARD_HEALTH_REFRESH_MS, only while the page is visible', () => {
    for (const options of [forwardHealthQueryOptions(4), forwardsHealthQueryOptions([4, 5])]) {
      expect(options.refetchInterval).toBe(FORWARD_HEALTH_REFRESH_MS);
      expect(options.refetchIntervalInBackground).toBe(false);
    }
  });
});
