import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from '@app/lib/toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import {
  apiUrl,
  deviceFixture,
  giveElementsASize,
  lookupHandlers,
  renderDevicesPage,
  requestLog,
} from '@app/features/devices/test/devices-page-harness';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = setupServer();
let restoreSize: () => void;
let log: ReturnType<typeof requestLog>;
const bodies: unknown[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  restoreSize = giveElementsASize();
  log = requestLog();
  bodies.length = 0;
  server.events.on('request:start', ({ request }) => {
    log.record(request);
  });
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  restoreSize();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
});
afterAll(() => {
  server.close();
});

// Hansen (3) with the shared 'Default' group, Vega (4) with its own group 40.
const hansen = deviceFixture(1);
const vega = deviceFixture(2, {
  Customer: 'Vega Logistics',
  CustomerId: 4,
  ConfigurationGroup: 'Own 4',
  ConfigurationGroupId: 40,
});

function useApi() {
  const answer = async ({ request }: { request: Request }) => {
    bodies.push(await request.json());
    return HttpResponse.json([]);
  };
  server.use(
    ...lookupHandlers,
    http.get(apiUrl('devices/chunk/'), () => HttpResponse.json([hansen, vega])),
    http.get(apiUrl('devices/all/'), () => HttpResponse.json(2)),
    http.post(apiUrl('devices/customerconnection/:customerId'), answer),
    http.put(apiUrl('devices/customerconnection/'), answer),
    http.post(apiUrl('devices/configurationgroups/:groupId'), answer),
    http.put(apiUrl('devices/configurationgroups/'), answer),
  );
}

const writes = () => log.seen.filter((s) => !s.startsWith('GET'));
const modal = () => screen.getByRole('dialog');
const select = (name: string) => within(modal()).getByRole<HTMLSelectElement>('combobox', { name });
const saveButton = () => within(modal()).getByRole<HTMLButtonElement>('button', { name: 'Save' });
const choose = (name: string, value: string) => {
  fireEvent.change(select(name), { target: { value } });
};

async function openForRow(imei: string) {
  const row = (await screen.findByRole('link', { name: imei })).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'Change Customer' }));
  await screen.findByRole('dialog');
}

describe('Change Customer modal', () => {
  it('bulk-moves the selected devices whose customer differs (reseller)', async () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: true }));
    useApi();
    renderDevicesPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${hansen.IMEI}` }));
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${vega.IMEI}` }));
    const footer = screen.getByRole('group', { name: 'Selection' });
    expect(footer.textContent).toContain('2 devices selected');

    fireEvent.click(within(footer).getByRole('button', { name: 'Change Customer' }));
    expect(await screen.findByText('You are about to change 2 device(s).')).toBeTruthy();
    // Different customers: 'keep' is no choice, so a non-admin cannot save yet.
    expect(select('Customer').value).toBe('keep');
    expect(saveButton().disabled).toBe(true);

    choose('Customer', '3');
    await waitFor(() => {
      expect(saveButton().disabled).toBe(false);
    });
    fireEvent.click(saveButton());

    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('1 device(s) succesfully added to customer');
    });
    expect(writes()).toEqual(['POST devices/customerconnection/3']);
    expect(bodies).toEqual([{ devices: [vega.IMEI] }]);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    // The list is fetched again and the selection is gone.
    expect(log.seen.filter((s) => s === 'GET devices/chunk/')).toHaveLength(2);
    expect(footer.textContent).toContain('0 devices selected');
  });

  it("keeps Save disabled for a non-admin on '--'", async () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: true }));
    useApi();
    renderDevicesPage();
    await openForRow(hansen.IMEI);
    // One device: the modal starts from its customer and group, which changes nothing.
    await waitFor(() => {
      expect(select('Configuration').value).toBe('1');
    });
    expect(select('Customer').value).toBe('3');
    expect(
      screen.getByText('The devices already have this customer and configuration.'),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    choose('Customer', '');
    expect(screen.getByText('Choose the customer the devices move to.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('lets an admin reseller remove the customer; no customer resets the group', async () => {
    saveSession(loginFixture({ Role: 'Admin', IsReseller: true }));
    useApi();
    renderDevicesPage();
    await openForRow(vega.IMEI);
    await waitFor(() => {
      expect(select('Configuration').value).toBe('40');
    });

    choose('Customer', '');
    expect(select('Configuration').value).toBe('');
    expect(select('Configuration').disabled).toBe(true);
    expect(screen.getByText('The devices will have no customer.')).toBeTruthy();
    fireEvent.click(saveButton());

    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('1 device(s) succesfully removed from customer');
    });
    // Removing the customer also clears the group on the server: no second call.
    expect(writes()).toEqual(['PUT devices/customerconnection/']);
    expect(bodies).toEqual([{ devices: [vega.IMEI] }]);
  });

  it('sets a configuration group, and warns when one is removed', async () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: true }));
    useApi();
    renderDevicesPage();
    await openForRow(hansen.IMEI);
    await waitFor(() => {
      expect(select('Configuration').value).toBe('1');
    });
    choose('Configuration', '30');
    fireEvent.click(saveButton());
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith(
        'Configuration group for 1 device(s) successfully updated.',
      );
    });
    expect(writes()).toEqual(['POST devices/configurationgroups/30']);

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await openForRow(hansen.IMEI);
    await waitFor(() => {
      expect(select('Configuration').value).toBe('1');
    });
    choose('Configuration', '');
    fireEvent.click(saveButton());
    await waitFor(() => {
      expect(toast.warning).toHaveBeenCalledWith(
        'Configuration group for 1 device(s) successfully updated.',
      );
    });
    expect(writes()).toEqual([
      'POST devices/configurationgroups/30',
      'PUT devices/configurationgroups/',
    ]);
  });

  it('clears the selection on a click elsewhere, not on a click in the list', async () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: true }));
    useApi();
    renderDevicesPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${hansen.IMEI}` }));
    const footer = screen.getByRole('group', { name: 'Selection' });
    expect(footer.textContent).toContain('1 device selected');

    fireEvent.click(screen.getByRole('cell', { name: 'SN100002' }));
    expect(footer.textContent).toContain('1 device selected');
    fireEvent.click(screen.getByRole('heading', { name: 'Devices' }));
    expect(footer.textContent).toContain('0 devices selected');
  });
});
