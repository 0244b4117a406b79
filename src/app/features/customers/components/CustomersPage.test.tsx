import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveElementsASize } from '@app/components/list/test/layout';
import { apiUrl, startApiServer } from '@app/test/api-server';
import type { ListSearch } from '@app/components/list';
import type { CustomerFilter } from '@app/features/customers/model/customer-list-url';
import { demoCustomers, features } from '@app/features/customers/test/fixtures';
import { renderSignedIn } from '@app/features/customers/test/render';
import { CustomersPage } from './CustomersPage';
import type { DemoLogin } from '@app/features/customers/test/fixtures';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
let restoreSize: () => void;
beforeEach(() => {
  restoreSize = giveElementsASize();
  server.use(
    http.get(apiUrl('features/'), () => HttpResponse.json(features)),
    http.get(apiUrl('customers/RTDIntegrations'), () =>
      HttpResponse.json([{ Id: 1, Name: 'TachoWeb' }]),
    ),
  );
});
afterEach(() => {
  cleanup();
  restoreSize();
});

/** The page with the search in state, the way the route keeps it in the URL. */
function Page() {
  const [search, setSearch] = useState<ListSearch<CustomerFilter>>({
    filter: 'Name',
    text: '',
    customerId: null,
  });
  return <CustomersPage search={search} onSearchChange={setSearch} />;
}

function showCustomers(login: DemoLogin, customers = demoCustomers) {
  server.use(http.get(apiUrl('customers/'), () => HttpResponse.json(customers)));
  return renderSignedIn(login, <Page />);
}

const rowButtons = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .flatMap((row) => within(row).queryAllByRole('button'))
    .map((button) => button.getAttribute('aria-label'));

describe('the customers list (spec 02 "Customers page")', () => {
  it('shows each customer with its country, main reseller, reseller flag and integration', async () => {
    showCustomers('admin');
    const atlas = await screen.findByRole('row', { name: /Atlas Freight/ });
    expect(within(atlas).getByRole('link', { name: 'Atlas Freight' }).getAttribute('href')).toBe(
      '/customer/3',
    );
    const hansen = screen.getByRole('row', { name: /Hansen Transport/ });
    expect(
      within(hansen)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Hansen Transport', 'Germany', 'NordTrack Resellers', 'No', '–', '']);
    // The country's code on hover.
    expect(within(hansen).getByText('Germany').title).toBe('DE');
    expect(within(atlas).getByRole('cell', { name: 'TachoWeb' })).toBeTruthy();
  });

  it('says so when there are none', async () => {
    showCustomers('viewer', []);
    expect(await screen.findByText('No customers found')).toBeTruthy();
  });

  it('searches on the country by name or code', async () => {
    showCustomers('admin');
    await screen.findByRole('table', { name: 'Customers' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search by' }), {
      target: { value: 'Country' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), {
      target: { value: 'dk' },
    });
    await waitFor(() => {
      expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([
        'NordTrack Resellers',
      ]);
    });
  });

  it.each([
    ['admin', true, 8],
    ['reseller', true, 8],
    ['user', false, 4],
    ['viewer', false, 0],
  ] as const)('gives the %s New Customer: %s, and %i row buttons', async (login, create, n) => {
    showCustomers(login);
    await screen.findByRole('table', { name: 'Customers' });
    expect(screen.queryByRole('button', { name: 'New Customer' }) !== null).toBe(create);
    expect(rowButtons()).toHaveLength(n);
  });

  it('answers a delete of one’s own customer with the alert, without asking', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    showCustomers('reseller');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete NordTrack Resellers' }));
    expect(alert).toHaveBeenCalledWith("You can't delete yourself!");
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Hansen Transport' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain('Are you sure you want to deactivate this customer?');
  });
});

// The dialog renders about 250 countries: slow in happy-dom on a loaded machine.
describe('Add Customer', { timeout: 30_000 }, () => {
  it('sends the form with its defaults and says so', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('customers/'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...demoCustomers[2], Id: 9, Name: 'Delta Haulage' });
      }),
    );
    showCustomers('reseller');
    fireEvent.click(await screen.findByRole('button', { name: 'New Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    // No reseller settings for a reseller: its customers go under itself.
    expect(within(dialog).queryByRole('checkbox', { name: 'Reseller' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Delta Haulage ' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Customer Delta Haulage succesfully created!');
    });
    expect(body).toMatchObject({
      name: 'Delta Haulage',
      country: 'NL',
      isReseller: false,
      resellerId: null,
      features: [],
      RTDInterval: 15,
      RTDIntegration: false,
    });
  });

  it('puts the server’s field messages under the fields and stays open', async () => {
    server.use(
      http.post(apiUrl('customers/'), () =>
        HttpResponse.json(
          { errors: { name: 'A customer with this name exists' } },
          { status: 400 },
        ),
      ),
    );
    showCustomers('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'New Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Atlas Freight' },
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    // Described by its tooltip and, now, the server's message.
    expect(
      await within(dialog).findByRole('textbox', {
        name: 'Name',
        description: /A customer with this name exists$/,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Customer' })).toBe(dialog);
  });
});
