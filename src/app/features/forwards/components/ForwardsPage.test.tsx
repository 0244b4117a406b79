import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as F from '@shared/forwards/forward-form';
import { SECRET_MASK, type Forward } from '@shared/forwards/forwards';
import type { ForwardSearchFilter } from '@shared/forwards/forwards-list';
import type { Auth } from '@shared/access/auth';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { healthHandlers } from '@app/components/forward-health/test/health-fixtures';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { authFixture, customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { ForwardsPage } from './ForwardsPage';

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

const forward = (Id: number, Name: string, more: Partial<Forward> = {}): Forward => ({
  Id,
  CustomerId: 3,
  Customer: 'Atlas Freight',
  Name,
  IP: '203.0.113.9',
  Port: 8443,
  Username: 'feeder',
  Password: SECRET_MASK,
  API_KEY: null,
  Auth: SECRET_MASK,
  Status: 1,
  Protocol: 'MQTT',
  MessageTypes: [{ MessageTypeId: 2, MessageType: 'RT' }],
  Protocols: [{ ProtocolId: 1, Protocol: 'MQTT' }],
  Amountdevices: 0,
  IntegrationType: 0,
  ...more,
});
const FORWARDS = [
  forward(1, 'Ops feed', { Amountdevices: 4 }),
  forward(2, 'Fleet hub', {
    IntegrationType: 2,
    IP: 'fleet.azure-devices.net',
    Port: 443,
    Protocol: 'Azure IoT hub',
    Status: 0,
  }),
];
const USER = authFixture({ Id: 3, Role: 'User', CustomerId: 3 });
const VIEWER = authFixture({ Id: 4, Role: 'Viewer', CustomerId: 3 });

function Page() {
  const [search, setSearch] = useState<ListSearch<ForwardSearchFilter>>({
    filter: 'Name',
    text: '',
    customerId: null,
  });
  return <ForwardsPage search={search} onSearchChange={setSearch} />;
}

function showForwards(auth: Auth, forwards = FORWARDS) {
  server.use(
    http.get(apiUrl('forwards/chunk/'), () => HttpResponse.json(forwards)),
    http.get(apiUrl('forwards/all/'), () => HttpResponse.json(forwards.length)),
    http.get(apiUrl('customers/'), () => HttpResponse.json([customerFixture(3, 'Atlas Freight')])),
    ...healthHandlers([]).handlers,
  );
  saveSession(loginFixture(auth));
  return renderRoute(() => <Page />, { client: createQueryClient() });
}

describe('the forwards list (spec 02 "Forwards page")', () => {
  it('shows every column, secrets masked, the status as text, and the Cello warning', async () => {
    showForwards(USER);
    const row = await screen.findByRole('row', { name: /Ops feed/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 12),
    ).toEqual([
      'Atlas Freight',
      'Ops feed',
      '203.0.113.9',
      '8443',
      'MQTT',
      'feeder',
      SECRET_MASK,
      '–',
      SECRET_MASK,
      'Server Up & Running',
      '–', // Delivery (no health known here: ForwardsHealth.test.tsx)
      '4',
    ]);
    expect(screen.getByRole('row', { name: /Fleet hub/ }).textContent).toContain('Server Down');
    expect(screen.getByText(F.CELLO_WARNING)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Forward' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Integration' })).toBeTruthy();
  });

  it('gives Viewers no buttons, and says so when there are no forwards', async () => {
    showForwards(VIEWER, []);
    expect(await screen.findByText('No forwards found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Forward' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Integration' })).toBeNull();
  });

  it('asks before removing, saying how many devices lose the forward', async () => {
    showForwards(USER);
    let removed = '';
    server.use(
      http.delete(apiUrl('forwards/:id'), ({ params }) => {
        removed = String(params.id);
        return HttpResponse.json(FORWARDS[0]);
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ops feed' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to remove this forward?');
    expect(dialog.textContent).toContain(
      "4 devices use this forward: their slots return to 'non'.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Forward removed');
    });
    expect(removed).toBe('1');
  });

  it('opens the integration modal to edit an integration', async () => {
    showForwards(USER);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Fleet hub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Integration' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Hostname' }).value).toBe(
      'fleet.azure-devices.net',
    );
    expect(dialog.textContent).toContain(F.KEEP_SECRET_HINT);
  });
});

describe('Add Forward', () => {
  it('shows the rules, explains protocols, and creates one forward per protocol', async () => {
    showForwards(USER);
    let body: unknown;
    server.use(
      http.post(apiUrl('forwards/'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json([forward(7, 'Twin'), forward(8, 'Twin')]);
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New Forward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Forward' });
    expect(dialog.textContent).toContain(F.CELLO_WARNING);
    expect(dialog.textContent).toContain('Wialon IPS only works with the RT message type');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Tw' } });
    fireEvent.blur(name);
    expect(await within(dialog).findByText(F.NAME_TOO_SHORT)).toBeTruthy();

    const check = (label: string) => {
      fireEvent.click(within(dialog).getByRole('checkbox', { name: label }));
    };
    check('TripData (TD)');
    // TD cannot go over Wialon IPS: it is off.
    expect(
      within(dialog).getByRole('checkbox', { name: 'Wialon IPS' }).getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Customer' }), {
      target: { value: '3' },
    });
    for (const [label, value] of [
      ['Name', 'Twin'],
      ['IP', '203.0.113.9'],
      ['Username', 'feeder'],
      ['Password', 'pw'],
      ['API_KEY', 'key'],
      ['Auth', 'auth'],
    ] as const) {
      const input = within(dialog).getByLabelText(label);
      fireEvent.change(input, { target: { value } });
    }
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Port' }), {
      target: { value: '8443' },
    });
    check('HTTP JSON');
    check('MQTT');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Forwards Twin successfully created!');
    });
    expect(body).toMatchObject({
      CustomerId: 3,
      Name: 'Twin',
      Port: 8443,
      MessageTypes: [0],
      Protocols: [0, 1],
    });
  });
});

describe('Update Forward', () => {
  it('saves a forward without a username as it is, keeping its secrets (the README recipe)', async () => {
    const opsFeed = forward(1, 'Ops feed 1', { Username: null, Auth: null });
    showForwards(USER, [opsFeed]);
    let body: unknown;
    server.use(
      http.put(apiUrl('forwards/1'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...opsFeed, IP: '127.0.0.1', Port: 9100 });
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ops feed 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Forward' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Username' }).value).toBe(
      '',
    );
    expect(dialog.textContent).toContain(F.NO_USERNAME_HINT);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'IP' }), {
      target: { value: '127.0.0.1' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Port' }), {
      target: { value: '9100' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Forward Ops feed 1 succesfully updated!');
    });
    expect(dialog.textContent).not.toContain(F.USERNAME_REQUIRED);
    // Secrets left blank are not sent: the stored ones stay (decision 033).
    expect(body).toEqual({
      CustomerId: 3,
      Name: 'Ops feed 1',
      IP: '127.0.0.1',
      Port: 9100,
      Username: null,
      Status: 1,
      MessageTypes: [2],
      Protocols: [1],
    });
  });
});
