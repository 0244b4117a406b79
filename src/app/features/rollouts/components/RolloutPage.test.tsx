import { http, HttpResponse } from 'msw';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@app/lib/toast';
import type { Rollout } from '@shared/libraries/rollout-views';
import { sizeElementsInEachTest } from '@app/components/list/test/layout';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { rolloutKeys } from '@app/features/rollouts/api/keys';
import { rolloutQueryOptions } from '@app/features/rollouts/api/rollouts';
import { rollout, rolloutDevice, stage } from '@app/features/rollouts/test/fixtures';
import { ADMIN, answerActions, showRollout } from '@app/features/rollouts/test/render';
import { CANCEL_ROLLOUT_MESSAGE } from './RolloutActions';
import { RolloutPage } from './RolloutPage';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
sizeElementsInEachTest();
afterEach(() => {
  cleanup();
});

const DEVICES = [
  rolloutDevice(101, 'applied'),
  rolloutDevice(102, 'downloading'),
  rolloutDevice(103, 'failed', { Reason: 'File checksum mismatch', Stage: 1 }),
  ...Array.from({ length: 9 }, (_, i) => rolloutDevice(110 + i, 'waiting', { Stage: 1 })),
];
const RUNNING = rollout(7, {
  Stages: [stage(0, { applied: 1, downloading: 1 }), stage(1, { failed: 1, waiting: 9 })],
});

describe('/rollouts/{id}', () => {
  it('shows the state, one card per stage with its bar and counts, and the options', async () => {
    showRollout(server, () => RUNNING, DEVICES);
    expect(
      await screen.findByRole('heading', { name: 'QTL VOLVO01 → SCANIA02', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.getByText(/Rollout 7 · QTL · started .* by admin@demo\.test/)).toBeTruthy();

    const canary = screen.getByRole('heading', { name: 'Canary · 2 devices' }).closest('section');
    const rest = screen.getByRole('heading', { name: 'Rest · 10 devices' }).closest('section');
    if (!canary || !rest) throw new Error('no stage cards');
    expect(within(canary).getByRole('img').getAttribute('aria-label')).toBe(
      'Canary: 1 applied, 1 downloading of 2 devices',
    );
    expect(within(canary).getByText('Current stage')).toBeTruthy();
    expect(within(canary).getByText('1 applied of 2')).toBeTruthy();
    expect(within(rest).getByRole('img').getAttribute('aria-label')).toBe(
      'Rest: 1 failed, 9 waiting of 10 devices',
    );
    expect(within(rest).getByText('Not started')).toBeTruthy();
    const legend = within(rest).getByRole('list', { name: 'Devices by state' });
    expect(within(legend).getByText('Waiting').nextSibling?.textContent).toBe('9');

    const options = screen.getByRole('heading', { name: 'Options' }).closest('section');
    if (!options) throw new Error('no options card');
    expect(options.textContent).toContain('Canary10% (2 devices)');
    expect(options.textContent).toContain('Failure threshold20%');
    expect(options.textContent).toContain('Stage timeout120 min');
    expect(options.textContent).toContain('Incompatible device type2');
    expect(options.textContent).toContain('Not heard from in 24 hours4');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('lists the devices with links, reasons and states, and filters them by state', async () => {
    const { calls } = showRollout(server, () => RUNNING, DEVICES);
    const failed = await screen.findByRole('row', { name: /352099000000103/ });
    expect(failed.textContent).toContain('File checksum mismatch');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('Rest');
    expect(within(failed).getByRole('link', { name: '352099000000103' }).getAttribute('href')).toBe(
      '/device/103',
    );
    expect(document.querySelector('p[aria-live]')?.textContent).toBe('12 devices');

    const filter = screen.getByRole('group', { name: 'Filter by state' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All12', 'Waiting9', 'Downloading1', 'Applied1', 'Failed1']);
    fireEvent.click(within(filter).getByRole('button', { name: /Failed/ }));
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /352099000000101/ })).toBeNull();
    });
    expect(screen.getByRole('row', { name: /352099000000103/ })).toBeTruthy();
    expect(
      within(filter)
        .getByRole('button', { name: /Failed/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(calls.devices).toEqual(['', '?state=failed']);
  });

  it('shows why it paused, and Resume', async () => {
    const paused = rollout(7, {
      State: 'paused',
      PauseReason: 'More than 20% of the canary failed',
    });
    showRollout(server, () => paused, DEVICES);
    expect(await screen.findByText('Paused: More than 20% of the canary failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('pauses, resumes, and cancels after the confirmation; a finished rollout offers nothing', async () => {
    let current: Rollout = RUNNING;
    showRollout(server, () => current, DEVICES);
    const actions = answerActions(server, 7, (action) => {
      current = rollout(7, {
        ...RUNNING,
        State: action === 'pause' ? 'paused' : action === 'resume' ? 'running' : 'cancelled',
        PauseReason: action === 'pause' ? 'Paused by admin@demo.test' : null,
      });
      return current;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused by admin@demo.test')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Rollout 7 paused');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await screen.findByRole('button', { name: 'Pause' });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel rollout' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain(CANCEL_ROLLOUT_MESSAGE);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    });
    const header = screen.getByRole('heading', { level: 1 }).parentElement;
    await waitFor(() => {
      expect(header?.textContent).toContain('Cancelled');
    });
    expect(screen.queryByRole('button', { name: 'Cancel rollout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(actions).toEqual(['pause', 'resume', 'cancel']);
  });

  it('loads the device pages again when the counts move, and not otherwise', async () => {
    const { client, calls } = showRollout(server, () => RUNNING, DEVICES);
    await screen.findByRole('row', { name: /352099000000101/ });
    expect(calls.devices).toHaveLength(1);
    act(() => {
      client.setQueryData(rolloutKeys.detail(7), { ...RUNNING, PauseReason: null });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.devices).toHaveLength(1);
    act(() => {
      client.setQueryData(
        rolloutKeys.detail(7),
        rollout(7, { Stages: [stage(0, { applied: 2 }), stage(1, { failed: 1, waiting: 9 })] }),
      );
    });
    await waitFor(() => {
      expect(calls.devices).toHaveLength(2);
    });
  });

  it('says so when the rollout does not exist', async () => {
    server.use(
      http.get(apiUrl('rollouts/9'), () =>
        HttpResponse.json({ message: 'Rollout not found' }, { status: 404 }),
      ),
    );
    saveSession(loginFixture(ADMIN));
    renderRoute(() => <RolloutPage id={9} state={null} onStateChange={() => undefined} />);
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.getByText(/Rollout not found/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Rollouts' })).toBeTruthy();
  });
});

describe('rolloutQueryOptions', () => {
  it('asks again every 2 s while running or paused, and stops once finished', () => {
    const interval = rolloutQueryOptions(7).refetchInterval;
    if (typeof interval !== 'function') throw new Error('no interval function');
    const at = (state: Rollout['State']) =>
      interval({ state: { data: rollout(7, { State: state }) } } as never);
    expect([at('running'), at('paused'), at('completed'), at('cancelled')]).toEqual([
      2000,
      2000,
      false,
      false,
    ]);
  });
});
