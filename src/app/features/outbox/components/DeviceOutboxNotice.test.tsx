import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SettingsTab } from '@app/features/device-detail/components/settings/SettingsTab';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { lookupHandlers } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { renderWithProviders } from '@app/features/device-detail/test/render';
import {
  cleanUpOutboxTests,
  goOffline,
  signIn,
  startApp,
} from '@app/features/outbox/test/outbox-harness';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const server = setupMockApi();
cleanUpOutboxTests();

const device = deviceFixture({
  NewConfig: configFixture({}, { timedMessageInterval: '120' }),
});

describe('queued settings on the device screen', () => {
  it('shows a change saved offline as queued, and the form keeps its value', async () => {
    server.use(...lookupHandlers());
    signIn(301);
    const client = await startApp();
    goOffline();
    renderWithProviders(<SettingsTab device={device} />, client);
    const timed = await screen.findByLabelText<HTMLInputElement>('Timed message interval');
    fireEvent.change(timed, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('region', { name: 'Changes in the Outbox' });
    within(notice).getByText('Queued');
    within(notice).getByText('timedMessageInterval = 45');
    // The form restarts from the pending values with the queued change laid over them.
    expect(screen.getByLabelText<HTMLInputElement>('Timed message interval').value).toBe('45');
    expect(screen.queryByText(/unsaved change/)).toBeNull();
    // The whole settings tab renders: seconds on a loaded machine.
  }, 15_000);
});
