import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveElementsASize } from '@app/components/list/test/layout';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { userFixture } from '@app/features/users/test/fixtures';
import { demoCustomers } from '@app/features/customers/test/fixtures';
import { renderSignedIn } from '@app/features/customers/test/render';
import { CustomerDetailPage } from './CustomerDetailPage';

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
  server.events.removeAllListeners();
});

const atlas = demoCustomers[2];

/** Every call the page makes, as `GET users/customer/3`. */
function callLog() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname.replace('/api/', '')}`);
  });
  return calls;
}

describe('the customer detail (spec 02 "Customer detail")', () => {
  it('has the name as title and loads only the open tab’s data', async () => {
    const calls = callLog();
    server.use(
      http.get(apiUrl('customers/3'), () => HttpResponse.json(atlas)),
      http.get(apiUrl('users/customer/3'), () =>
        HttpResponse.json([userFixture(3, 'user@demo.test')]),
      ),
    );
    renderSignedIn('user', <CustomerDetailPage id={3} tab="users" />);
    expect(await screen.findByRole('heading', { name: 'Atlas Freight', level: 1 })).toBeTruthy();
    expect(screen.getByText('Netherlands · Integration TachoWeb')).toBeTruthy();
    await screen.findByRole('cell', { name: 'user@demo.test' });
    const tabs = screen.getByRole('navigation', { name: 'Customer sections' });
    expect(tabs.textContent).toBe('DevicesUsersCompany CardsAuthentication Servers');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Devices' }).getAttribute('href')).toBe(
      '/customer/3?tab=devices',
    );
    expect(calls).toEqual(['GET customers/3', 'GET users/customer/3']);
  });

  it('lists the customer’s devices page by page on the Devices tab', async () => {
    const calls = callLog();
    server.use(
      http.get(apiUrl('customers/3'), () => HttpResponse.json(atlas)),
      http.get(apiUrl('devices/customer/3'), () => HttpResponse.json([])),
    );
    renderSignedIn('user', <CustomerDetailPage id={3} tab={undefined} />);
    expect(await screen.findByText('No devices found')).toBeTruthy();
    expect(screen.getByText('This customer has no devices yet.')).toBeTruthy();
    // The customer is fixed: nothing to clear.
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    expect(calls).toEqual(['GET customers/3', 'GET devices/customer/3']);
  });

  it('says not found, without a Retry, for a customer that is not there or not the caller’s', async () => {
    server.use(
      http.get(apiUrl('customers/4'), () =>
        HttpResponse.json({ message: 'Customer not found' }, { status: 404 }),
      ),
    );
    renderSignedIn('user', <CustomerDetailPage id={4} tab={undefined} />);
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Customer sections' })).toBeNull();
  });
});
