import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoleName } from '@shared/access/roles';
import { CONFIRM_TITLE } from '@app/components/ui/ConfirmDialog';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { lookupHandlers } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { CREDENTIAL_SHOWN_ONCE } from './CredentialModal';
import { CREDENTIAL_CONFIRMATION, NEW_CREDENTIAL } from './DeviceCredentialCard';
import { InformationTab } from './InformationTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const CREDENTIAL = 'q3v9Yc0bqkq0m6r5v7oXr0wFQ2cR8i0Y4c1nJb2xk8Q';

afterEach(() => {
  onlineManager.setOnline(true);
});

function answerCredential(calls: string[]) {
  server.use(
    ...lookupHandlers(),
    http.post(apiUrl('devices/credential/:id'), ({ params }) => {
      calls.push(String(params.id));
      return HttpResponse.json({ IMEI: '358528110000005', Credential: CREDENTIAL });
    }),
  );
}

describe('New device credential (Information tab)', () => {
  it('lets an admin issue one after confirming, and shows it once with the IMEI', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    const calls: string[] = [];
    answerCredential(calls);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<InformationTab device={deviceFixture()} />);

    fireEvent.click(await screen.findByRole('button', { name: NEW_CREDENTIAL }));
    const confirm = await screen.findByRole('dialog', { name: CONFIRM_TITLE });
    expect(within(confirm).getByText(CREDENTIAL_CONFIRMATION)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const shown = await screen.findByRole('dialog', { name: 'New device credential' });
    expect(calls).toEqual(['42']);
    expect(within(shown).getByText('358528110000005')).toBeTruthy();
    expect(within(shown).getByLabelText<HTMLInputElement>('Credential').value).toBe(CREDENTIAL);
    expect(within(shown).getByText(CREDENTIAL_SHOWN_ONCE)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(CREDENTIAL);
    });
    expect(toast.success).toHaveBeenCalledWith('Credential copied');

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(screen.queryByDisplayValue(CREDENTIAL)).toBeNull();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    const calls: string[] = [];
    answerCredential(calls);
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: NEW_CREDENTIAL }));
    const confirm = await screen.findByRole('dialog', { name: CONFIRM_TITLE });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls).toEqual([]);
  });

  it('is for online use only: offline the button is disabled', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    answerCredential([]);
    onlineManager.setOnline(false);
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    const button = await screen.findByRole('button', { name: NEW_CREDENTIAL });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it.each<[RoleName, boolean]>([
    ['User', false],
    ['User', true],
    ['Viewer', false],
  ])('is not offered to a %s (reseller: %s)', async (role, isReseller) => {
    saveSession(loginFixture({ Role: role, IsReseller: isReseller }));
    server.use(...lookupHandlers());
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    await screen.findByText('Config in sync');
    expect(screen.queryByRole('button', { name: NEW_CREDENTIAL })).toBeNull();
  });
});
