import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { renderSignedIn } from '@app/features/customers/test/render';
import type { DemoLogin } from '@app/features/customers/test/fixtures';
import { roles, userFixture } from '@app/features/users/test/fixtures';
import { UsersPanel } from './UsersPanel';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
afterEach(cleanup);

const atlasUsers = [
  userFixture(3, 'user@demo.test'),
  userFixture(4, 'viewer@demo.test', 'Viewer'),
  userFixture(8, 'driver@demo.test'),
];

function showUsers(login: DemoLogin) {
  server.use(
    http.get(apiUrl('users/customer/3'), () => HttpResponse.json(atlasUsers)),
    http.get(apiUrl('roles/'), () => HttpResponse.json(roles)),
  );
  renderSignedIn(login, <UsersPanel customerId={3} addLabel="Add user" />);
}

const buttonsOf = (email: string) =>
  within(screen.getByRole('row', { name: new RegExp(email) }))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('the users of a customer (spec 02 "Customer detail")', () => {
  it('gives the signed-in user’s own row no edit or delete', async () => {
    showUsers('user');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Id',
      'Email',
      'Role',
      'Actions',
    ]);
    expect(buttonsOf('user@demo.test')).toEqual([]);
    expect(buttonsOf('driver@demo.test')).toEqual([
      'Edit driver@demo.test',
      'Delete driver@demo.test',
    ]);
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
  });

  it('gives a viewer no buttons at all', async () => {
    showUsers('viewer');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('updates a user without its password when the password is left blank', async () => {
    let body: unknown;
    server.use(
      http.put(apiUrl('users/8'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...userFixture(8, 'driver@demo.test', 'Viewer') });
      }),
    );
    showUsers('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit driver@demo.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update User' });
    expect(within(dialog).getByText('Leave blank to keep the same')).toBeTruthy();
    // Admins may give the Admin role.
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    const roleNames = () =>
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() => {
      expect(roleNames()).toEqual(['Choose a role', 'Admin', 'User', 'Viewer']);
    });
    fireEvent.change(role, { target: { value: '3' } });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('User driver@demo.test succesfully updated');
    });
    expect(body).toEqual({ customerId: 3, email: 'driver@demo.test', roleId: 3 });
  });

  it('keeps Save off until the confirmation matches, and says why', async () => {
    showUsers('user');
    fireEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const field = (name: string) => within(dialog).getByLabelText(name, { exact: true });
    fireEvent.change(field('Email'), { target: { value: 'new@demo.test' } });
    fireEvent.change(field('Password'), { target: { value: 'a-strong-one' } });
    fireEvent.change(field('Password confirmation'), { target: { value: 'a-strong-0ne' } });
    fireEvent.blur(field('Password confirmation'));
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    // A user cannot give the Admin role.
    expect(within(role).queryByRole('option', { name: 'Admin' })).toBeNull();
    fireEvent.change(role, { target: { value: '2' } });
    expect(await within(dialog).findByText('Passwords dont match.', { exact: true })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
