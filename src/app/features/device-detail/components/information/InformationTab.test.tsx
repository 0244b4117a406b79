import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { lookupHandlers } from '@app/features/device-detail/test/handlers';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import {
  apiUrl,
  descriptionOf,
  renderWithProviders,
} from '@app/features/device-detail/test/render';
import { InformationTab } from './InformationTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const REQUESTS = [
  'Request Configuration',
  'Request RT',
  'Request TD',
  'Request RC',
  'Request Reset',
];

const factValue = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('InformationTab', () => {
  it('shows the facts: sync as Yes/No, a VIN of 0 as empty, GSM Number as N/A', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(...lookupHandlers());
    renderWithProviders(
      <InformationTab
        device={deviceFixture({ InSync: false, State: { IMEI: '1', LastMsg: null, VIN: '0' } })}
      />,
    );
    await screen.findByText('Config in sync');
    expect(factValue('Config in sync')).toBe('No');
    expect(factValue('VIN (reported)')).toBe('');
    expect(factValue('GSM Number')).toBe('N/A');
    expect(factValue('Hardware')).toBe('QAN-ALL 4G HW 4.2');
  });

  it('labels the VIN as the one the device reports', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(...lookupHandlers());
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    await screen.findByText('Config in sync');
    expect(factValue('VIN (reported)')).toBe('WDB5LGP46V9LWBX5D');
    expect(screen.queryByText('VIN', { selector: 'dt' })).toBeNull();
  });

  it('sends a quick request as a modem request with CommandType 20', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    const bodies: unknown[] = [];
    server.use(
      ...lookupHandlers(),
      http.post(apiUrl('devices/modemrequests/:imei'), async ({ request, params }) => {
        bodies.push({ imei: params.imei, ...((await request.json()) as object) });
        return HttpResponse.json({ Id: 1 });
      }),
    );
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    for (const label of REQUESTS)
      expect(await screen.findByRole('button', { name: label })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Request Reset' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('The request has been sent');
    });
    expect(bodies).toEqual([
      { imei: '358528110000005', Command: 'RESET 358528110000005 0 FF', CommandType: 20 },
    ]);
  });

  it('gives viewers no request buttons and no Save, and disables the fields', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    server.use(...lookupHandlers());
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    await screen.findByText('Config in sync');
    for (const label of REQUESTS) expect(screen.queryByRole('button', { name: label })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/devices');
    expect(screen.getByLabelText<HTMLInputElement>('Name').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Protocol Code').disabled).toBe(true);
  });

  it('enables customer and group for resellers only', async () => {
    saveSession(loginFixture({ Role: 'User', IsReseller: false }));
    server.use(...lookupHandlers());
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    expect((await screen.findByLabelText<HTMLSelectElement>('Customer')).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Configuration group').disabled).toBe(true);
  });

  it('locks the protocol of an old-CAN type 2 device and labels it', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    server.use(...lookupHandlers());
    const config = configFixture({ CAN1Version: '2105004', ProtocolCode: 'SCANR20002' });
    renderWithProviders(
      <InformationTab
        device={deviceFixture({ DeviceType: 2, CurrentConfig: config, NewConfig: config })}
      />,
    );
    const select = await screen.findByLabelText<HTMLSelectElement>('Protocol Code (OLD CAN ver)');
    expect(select.disabled).toBe(true);
  });

  it('shows the current version in brackets when it differs from the new one', async () => {
    saveSession(loginFixture({ Role: 'Admin' }));
    server.use(...lookupHandlers());
    renderWithProviders(
      <InformationTab
        device={deviceFixture({
          CurrentConfig: configFixture({ BooterVersion: '1.04.02' }),
          NewConfig: configFixture({ BooterVersion: '1.05.00' }),
        })}
      />,
    );
    const booter = await screen.findByLabelText<HTMLSelectElement>('Booter');
    expect(booter.disabled).toBe(true);
    expect(booter.value).toBe('1.05.00');
    expect(descriptionOf(booter)).toBe('Applied value (1.04.02)');
    expect(descriptionOf(screen.getByLabelText('CAN1'))).toBe('');
  });

  it('saves a changed note and name through their own calls', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    const calls: string[] = [];
    server.use(
      ...lookupHandlers(),
      http.post(apiUrl('devices/note/'), async ({ request }) => {
        calls.push(`note ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(deviceFixture({ Note: 'Cab 2' }));
      }),
    );
    renderWithProviders(<InformationTab device={deviceFixture()} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Cab 2' } });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls).toEqual(['note {"imei":"358528110000005","note":"Cab 2"}']);
    });
  });
});
