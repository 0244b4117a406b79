import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as A from '@shared/access/auth-servers';
import type { AuthServerSearchFilter } from '@shared/access/auth-servers-list';
import type { Auth } from '@shared/access/auth';
import { SECRET_MASK } from '@shared/forwards/forwards';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { authFixture, customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { AuthServersPage } from './AuthServersPage';
import { AuthServersPanel } from './AuthServersPanel';

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
  vi.clearAllMocks();
});

const authServer = (Id: number, Name: string, more: Partial<A.AuthServer> = {}): A.AuthServer => ({
  Id,
  CustomerId: 3,
  Customer: 'Atlas Freight',
  Name,
  IP: '203.0.113.12',
  DevicePort: 10002,
  Port: 8443,
  Username: 'rdl',
  Password: SECRET_MASK,
  Status: 1,
  Forward: 'https://rdl3.tacho.example/api/files',
  ...more,
});
const SERVERS = [authServer(1, 'Atlas RDL server'), authServer(2, 'Backup RDL', { Status: 0 })];
const TACHO = ['Tacho Download'];
const ADMIN = authFixture({ Id: 1, Role: 'Admin', CustomerId: 1, Features: TACHO });
const VIEWER = authFixture({ Id: 4, Role: 'Viewer', CustomerId: 3, Features: TACHO });

function Page() {
  const [search, setSearch] = useState<ListSearch<AuthServerSearchFilter>>({
    filter: 'Name',
    text: '',
    customerId: null,
  });
  return <AuthServersPage search={search} onSearchChange={setSearch} />;
}

function showServers(auth: Auth, servers = SERVERS) {
  server.use(
    http.get(apiUrl('authservers/chunk/'), () => HttpResponse.json(servers)),
    http.get(apiUrl('authservers/all/'), () => HttpResponse.json(servers.length)),
    http.get(apiUrl('customers/'), () => HttpResponse.json([customerFixture(3, 'Atlas Freight')])),
  );
  saveSession(loginFixture(auth));
  return renderRoute(() => <Page />, { client: createQueryClient() });
}

describe('the authentication server list (spec 02 /tacho)', () => {
  it('shows every column, the password masked and the status as text', async () => {
    showServers(ADMIN);
    expect(await screen.findByRole('heading', { name: 'Authentication Servers' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Atlas RDL server/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 9),
    ).toEqual([
      'Atlas Freight',
      'Atlas RDL server',
      '203.0.113.12',
      '10002',
      '8443',
      'rdl',
      SECRET_MASK,
      'Server Up & Running',
      'https://rdl3.tacho.example/api/files',
    ]);
    expect(screen.getByRole('row', { name: /Backup RDL/ }).textContent).toContain('Server Down');
    expect(screen.getByRole('button', { name: 'New Authentication Server' })).toBeTruthy();
  });

  it('says so when there are none, and gives a Viewer no buttons', async () => {
    showServers(VIEWER, []);
    expect(await screen.findByText('No authServers found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Authentication Server' })).toBeNull();
  });

  it('asks before removing, then says it was removed', async () => {
    showServers(ADMIN);
    let removed = '';
    server.use(
      http.delete(apiUrl('authservers/:id'), ({ params }) => {
        removed = String(params.id);
        return HttpResponse.json(SERVERS[1]);
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Backup RDL' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to remove this authServer?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Authentication server succesfully removed!');
    });
    expect(removed).toBe('2');
  });
});

describe('New Authentication Server', () => {
  it('keeps Save off while invalid, shows the rules, and creates', async () => {
    showServers(ADMIN);
    let body: unknown;
    server.use(
      http.post(apiUrl('authservers/'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(authServer(9, 'New RDL'));
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New Authentication Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Authentication Server' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Ne' } });
    fireEvent.blur(name);
    expect(await within(dialog).findByText(A.NAME_TOO_SHORT)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Customer' }), {
      target: { value: '3' },
    });
    for (const [label, value] of [
      ['Name', 'New RDL'],
      ['IP', '203.0.113.50'],
      ['Device Port', '10050'],
      ['Port', '70000'],
      ['Username', 'rdl'],
      ['Password', 'pw-1'],
    ] as const) {
      const input = within(dialog).getByLabelText(label);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    }
    expect(await within(dialog).findByText(A.PORT_OUT_OF_RANGE)).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Port'), { target: { value: '8443' } });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith(
        'Authentication Server New RDL succesfully created!',
      );
    });
    expect(body).toEqual({
      customerId: 3,
      name: 'New RDL',
      ip: '203.0.113.50',
      devicePort: 10050,
      port: 8443,
      username: 'rdl',
      password: 'pw-1',
      status: 1,
    });
  });

  it('edits with the password blank, which keeps it', async () => {
    showServers(ADMIN);
    let body: Record<string, unknown> = {};
    server.use(
      http.put(apiUrl('authservers/:id'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(authServer(1, 'Atlas RDL 2'));
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Atlas RDL server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Authentication Server' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Atlas RDL 2' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith(
        'Authentication Server Atlas RDL 2 succesfully updated!',
      );
    });
    expect(body.name).toBe('Atlas RDL 2');
    expect('password' in body).toBe(false);
  });
});

describe("the customer detail's Authentication Servers tab", () => {
  it('is read-only, and says so when there are none', async () => {
    server.use(http.get(apiUrl('authservers/customer/3'), () => HttpResponse.json(SERVERS)));
    saveSession(loginFixture(ADMIN));
    renderRoute(() => <AuthServersPanel customerId={3} />, { client: createQueryClient() });
    expect(await screen.findByRole('cell', { name: 'Atlas RDL server' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    cleanup();
    server.use(http.get(apiUrl('authservers/customer/4'), () => HttpResponse.json([])));
    renderRoute(() => <AuthServersPanel customerId={4} />, { client: createQueryClient() });
    expect(await screen.findByText('No Authentication Servers found')).toBeTruthy();
  });
});
