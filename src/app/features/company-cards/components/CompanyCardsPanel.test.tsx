import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '@shared/access/auth';
import type { AuthServer } from '@shared/access/auth-servers';
import { COMPANY_CARD_IN_USE, type CompanyCard } from '@shared/tacho/company-cards';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { authFixture, customerFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { deviceFixture } from '@app/features/devices/test/device-fixture';
import { CompanyCardsPanel } from './CompanyCardsPanel';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const DEVICES = [1, 2, 3].map((id) =>
  deviceFixture(id, {
    CustomerId: 3,
    Customer: 'Atlas Freight',
    Name: id === 3 ? 'Truck 3' : null,
  }),
);
const imei = (n: number) => DEVICES[n - 1]?.IMEI ?? '';
const card = (Id: number, Devices: string[]): CompanyCard => ({
  Id,
  CardNumber: `C0100012345678${String(Id)}`,
  CompanyName: 'Atlas Freight',
  ValidUntil: '2031-01-15T00:00:00.000Z',
  Customer: 'Atlas Freight',
  CustomerId: 3,
  AuthServerId: 7,
  AuthServer: 'Atlas RDL server',
  Devices,
});
const CARDS = [card(1, [imei(1)]), card(2, [])];
const SERVER = { Id: 7, CustomerId: 3, Name: 'Atlas RDL server' } as AuthServer;
const TACHO = ['Tacho Download'];
const ADMIN = authFixture({ Id: 1, Role: 'Admin', CustomerId: 1, Features: TACHO });
const USER = authFixture({ Id: 3, Role: 'User', CustomerId: 3, Features: TACHO });
const VIEWER = authFixture({ Id: 4, Role: 'Viewer', CustomerId: 3, Features: TACHO });

let put: { id: string; body: Record<string, unknown> } | null = null;
beforeEach(() => {
  put = null;
  server.use(
    http.get(apiUrl('companycards/customer/3'), () => HttpResponse.json(CARDS)),
    http.get(apiUrl('devices/customer/3'), () => HttpResponse.json(DEVICES)),
    http.get(apiUrl('authservers/customer/:id'), () => HttpResponse.json([SERVER])),
    http.get(apiUrl('customers/'), () =>
      HttpResponse.json([customerFixture(3, 'Atlas Freight'), customerFixture(5, 'Vega')]),
    ),
    http.put(apiUrl('companycards/:id'), async ({ request, params }) => {
      put = { id: String(params.id), body: (await request.json()) as Record<string, unknown> };
      return HttpResponse.json(CARDS[0]);
    }),
  );
});

function showCards(auth: Auth) {
  saveSession(loginFixture(auth));
  renderRoute(() => <CompanyCardsPanel customer={{ Id: 3, Name: 'Atlas Freight' }} />, {
    client: createQueryClient(),
  });
}

describe("the customer detail's Company Cards tab", () => {
  it('shows the columns and the Device and Customer buttons; New Company Card for admins', async () => {
    showCards(USER);
    const table = await screen.findByRole('table', { name: 'Company Cards' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual([
      'Customer ID',
      'Authentication Server ID',
      'Card Number',
      'Company Name',
      'Valid Until',
    ]);
    expect(screen.getAllByRole('button', { name: /^Device/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Customer/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'New Company Card' })).toBeNull();
    cleanup();
    showCards(ADMIN);
    expect(await screen.findByRole('button', { name: 'New Company Card' })).toBeTruthy();
  });

  it('gives a Viewer no buttons', async () => {
    showCards(VIEWER);
    await screen.findByRole('table', { name: 'Company Cards' });
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('says so when the customer has no cards', async () => {
    server.use(http.get(apiUrl('companycards/customer/3'), () => HttpResponse.json([])));
    showCards(USER);
    expect(await screen.findByText('No company cards found')).toBeTruthy();
  });

  it('assigns devices from a searchable checklist, saved with the Devices list', async () => {
    showCards(USER);
    fireEvent.click(
      await screen.findByRole('button', {
        name: `Device, card ${CARDS[0]?.CardNumber ?? ''}`,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('checkbox', { name: imei(1) })).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('checkbox', { name: imei(1) })
        .getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search devices' }), {
      target: { value: 'truck' },
    });
    // The search hides device 1; ticking device 3 keeps it chosen.
    expect(within(dialog).queryByRole('checkbox', { name: imei(1) })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: `${imei(3)} · Truck 3` }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Company Card succesfully updated');
    });
    expect(put).toEqual({
      id: '1',
      body: expect.objectContaining({
        CustomerId: 3,
        AuthServerId: 7,
        Devices: [imei(1), imei(3)].sort(),
      }) as unknown,
    });
  });

  it('refuses a new customer for a card in use with the spec’s alert', async () => {
    showCards(USER);
    fireEvent.click(
      await screen.findByRole('button', {
        name: `Customer, card ${CARDS[0]?.CardNumber ?? ''}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change CompanyCard' });
    const customer = within(dialog).getByRole('combobox', { name: 'Customer' });
    await waitFor(() => {
      expect(customer.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.change(customer, { target: { value: '5' } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(COMPANY_CARD_IN_USE);
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.change(customer, { target: { value: '3' } });
    await waitFor(() => {
      expect(within(dialog).queryByRole('alert')).toBeNull();
    });
  });

  it('changes the fields of a card, all required', async () => {
    showCards(USER);
    fireEvent.click(
      await screen.findByRole('button', {
        name: `Customer, card ${CARDS[1]?.CardNumber ?? ''}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change CompanyCard' });
    const company = within(dialog).getByRole('textbox', { name: 'Company Name' });
    fireEvent.change(company, { target: { value: '' } });
    fireEvent.blur(company);
    expect(await within(dialog).findByText('CompanyName is Required')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(company, { target: { value: 'Atlas Freight BV' } });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Company Card succesfully updated');
    });
    expect(put?.id).toBe('2');
    expect(put?.body).toMatchObject({ CompanyName: 'Atlas Freight BV', ValidUntil: '2031-01-15' });
    expect(put?.body && 'Devices' in put.body).toBe(false);
  });
});
