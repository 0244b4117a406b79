import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAME_TOO_SHORT } from '@shared/customers/customers';
import { PASSWORDS_DONT_MATCH } from '@shared/access/users';
import { startApiServer } from '@app/test/api-server';
import { NEW_CREDENTIALS_MESSAGE } from '@app/features/account/model/profile';
import { renderAccountPage, serveAccount } from '@app/features/account/test/account-harness';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
afterEach(cleanup);

/** A field of the Profile form, by its label. */
const field = (label: string) =>
  within(screen.getByRole('form', { name: 'Profile' })).getByLabelText<HTMLInputElement>(label);
const save = () => screen.queryByRole<HTMLButtonElement>('button', { name: 'Save' });
const type = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
};

describe('the Profile tab', () => {
  it('shows a Viewer the address in a locked field, without Save', async () => {
    serveAccount(server, 'Viewer');
    renderAccountPage('profile', 'Viewer');
    const email = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Email' });
    expect(email.value).toBe('user@demo.test');
    expect(email.disabled).toBe(true);
    expect(save()).toBeNull();
    expect(screen.getByText('Viewers have read-only access.')).toBeTruthy();
  });

  it('saves a new password, then alerts and goes to the logout route', async () => {
    const sent = serveAccount(server);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const router = renderAccountPage('profile');
    await screen.findByRole('textbox', { name: 'Email' });
    expect(save()?.disabled).toBe(true);

    type(field('New password'), 'night-shift-7');
    type(field('Confirm new password'), 'night-shift-8');
    expect(await screen.findByText(PASSWORDS_DONT_MATCH)).toBeTruthy();
    expect(save()?.disabled).toBe(true);
    type(field('Confirm new password'), 'night-shift-7');
    await waitFor(() => {
      expect(save()?.disabled).toBe(false);
    });
    fireEvent.click(save() ?? document.body);

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/logout');
    });
    expect(alert).toHaveBeenCalledWith(NEW_CREDENTIALS_MESSAGE);
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: 'users/7',
        body: { email: 'user@demo.test', password: 'night-shift-7', passwordConf: 'night-shift-7' },
      },
    ]);
  });

  it('sends only the address when no password is typed', async () => {
    const sent = serveAccount(server);
    vi.stubGlobal('alert', vi.fn());
    const router = renderAccountPage('profile');
    type(await screen.findByRole('textbox', { name: 'Email' }), 'new@demo.test');
    fireEvent.click(save() ?? document.body);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/logout');
    });
    expect(sent.map((s) => s.body)).toEqual([{ email: 'new@demo.test' }]);
  });
});

describe('the Customer tab', () => {
  it('saves Name, Country and Email with the rest of the customer as stored', async () => {
    const sent = serveAccount(server);
    renderAccountPage('customer');
    const name = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('Atlas Freight');
    expect(save()?.disabled).toBe(true);
    type(name, 'At');
    expect(await screen.findByText(NAME_TOO_SHORT)).toBeTruthy();
    expect(save()?.disabled).toBe(true);

    type(name, 'Atlas Freight Group');
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), {
      target: { value: 'DE' },
    });
    await waitFor(() => {
      expect(save()?.disabled).toBe(false);
    });
    fireEvent.click(save() ?? document.body);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith(
        'Customer Atlas Freight Group succesfully updated!',
      );
    });
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: 'customers/3',
        body: {
          name: 'Atlas Freight Group',
          country: 'DE',
          Email: '',
          isReseller: false,
          resellerId: null,
          features: [1],
          RTDInterval: 24,
          RTDIntegration: true,
          RTDIntegrationId: 1,
          RTDIntCustId: 'AF-20417',
          TachoRequestDays: 7,
        },
      },
    ]);
    // Saved: nothing left to save, and the header names the customer as saved.
    await waitFor(() => {
      expect(save()?.disabled).toBe(true);
    });
    expect(await screen.findByText(/User of Atlas Freight Group$/)).toBeTruthy();
  });

  it('shows a Viewer the customer without Save', async () => {
    serveAccount(server, 'Viewer');
    renderAccountPage('customer', 'Viewer');
    const name = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.disabled).toBe(true);
    expect(save()).toBeNull();
  });
});
