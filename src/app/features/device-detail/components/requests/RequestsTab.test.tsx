import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import type { ModemRequest } from '@shared/devices/devices';
import { saveSession } from '@app/lib/session';
import { loginFixture } from '@app/test/fixtures';
import { deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { setupMockApi } from '@app/features/device-detail/test/msw';
import { apiUrl, renderWithProviders } from '@app/features/device-detail/test/render';
import { RequestsTab } from './RequestsTab';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = setupMockApi();
const request = (Id: number, Command: string, Created: string, Executed: string | null) =>
  ({
    Id,
    IMEI: '358528110000005',
    Command,
    CommandType: 20,
    Created,
    Executed,
  }) satisfies ModemRequest;

const REQUESTS = [
  request(1, '$REQUEST,RT FF', '2026-11-20T10:00:00.000Z', '2026-11-20T10:01:00.000Z'),
  request(2, '$REQUEST,DD FF', '2026-11-22T10:00:00.000Z', null),
];

describe('the request dialog (spec 01 §5)', () => {
  it('needs 3 characters besides spaces, and a request not yet executed', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(http.get(apiUrl('devices/modemrequests/:imei'), () => HttpResponse.json(REQUESTS)));
    renderWithProviders(<RequestsTab device={deviceFixture()} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit $REQUEST,DD FF' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Request' });
    const command = within(dialog).getByLabelText('Command');
    const save = () => within(dialog).getByRole('button', { name: 'Save' });
    expect(save().hasAttribute('disabled')).toBe(false);
    fireEvent.change(command, { target: { value: '  ab ' } });
    expect(save().hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Command must be at least 3 characters')).toBeTruthy();
    fireEvent.change(command, { target: { value: ' abc ' } });
    expect(save().hasAttribute('disabled')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    fireEvent.click(screen.getByRole('button', { name: 'Edit $REQUEST,RT FF' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Request' });
    expect(within(dialog).getByLabelText('Command').hasAttribute('disabled')).toBe(true);
    expect(
      within(dialog).getByText('This request has been executed and can no longer be changed.'),
    ).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
  });
});

describe('RequestsTab', () => {
  it("lists requests newest first with 'Not yet' for pending ones", async () => {
    saveSession(loginFixture({ Role: 'User' }));
    server.use(http.get(apiUrl('devices/modemrequests/:imei'), () => HttpResponse.json(REQUESTS)));
    renderWithProviders(<RequestsTab device={deviceFixture()} />);
    const table = await screen.findByRole('table', { name: 'Requests' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      '$REQUEST,DD FF',
      '$REQUEST,RT FF',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Not yet')).toBeTruthy();
  });

  it('adds a request only once the command has 3 characters', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    let body: unknown;
    server.use(
      http.get(apiUrl('devices/modemrequests/:imei'), () => HttpResponse.json([])),
      http.post(apiUrl('devices/modemrequests/:imei'), async ({ request: r }) => {
        body = await r.json();
        return HttpResponse.json(REQUESTS[1]);
      }),
    );
    renderWithProviders(<RequestsTab device={deviceFixture()} />);
    expect(await screen.findByText('No requests yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Request' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.change(within(dialog).getByLabelText('Command'), { target: { value: 'ab' } });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Command'), {
      target: { value: '$REQUEST,TD FF' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('The request has been sent');
    });
    expect(body).toEqual({ Command: '$REQUEST,TD FF', CommandType: 20 });
  });

  it('asks before removing a request', async () => {
    saveSession(loginFixture({ Role: 'User' }));
    const removed: string[] = [];
    server.use(
      http.get(apiUrl('devices/modemrequests/:imei'), () => HttpResponse.json(REQUESTS)),
      http.delete(apiUrl('devices/modemrequests/:id'), ({ params }) => {
        removed.push(String(params.id));
        return HttpResponse.json(REQUESTS[1]);
      }),
    );
    renderWithProviders(<RequestsTab device={deviceFixture()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete $REQUEST,DD FF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Are you sure you want to remove this modem request?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('The request has been removed');
    });
    expect(removed).toEqual(['2']);
  });

  it('keeps Add Request, edit and delete from viewers', async () => {
    saveSession(loginFixture({ Role: 'Viewer' }));
    server.use(http.get(apiUrl('devices/modemrequests/:imei'), () => HttpResponse.json(REQUESTS)));
    renderWithProviders(<RequestsTab device={deviceFixture()} />);
    await screen.findByRole('table', { name: 'Requests' });
    expect(screen.queryByRole('button', { name: 'Add Request' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });
});
