import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '@shared/access/auth';
import * as C from '@shared/libraries/can-library';
import { CAN_CONFIG_FILE } from '@shared/libraries/library-files';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { canConfigKeys } from '@app/lib/lookups/libraries';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { partsOf } from '@app/test/multipart';
import { renderRoute } from '@app/test/render-route';
import type { CanConfigFilter } from '@app/features/can-library/model/can-config-list-url';
import { ADMIN, canConfig, LIBRARY, USER } from '@app/features/can-library/test/fixtures';
import { CanLibraryPage } from './CanLibraryPage';

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
});

function Page() {
  const [search, setSearch] = useState<ListSearch<CanConfigFilter>>({
    filter: 'Protocol',
    text: '',
    customerId: null,
  });
  return <CanLibraryPage search={search} onSearchChange={setSearch} />;
}

function showLibrary(auth: Auth, entries = LIBRARY) {
  server.use(http.get(apiUrl('canconfig/'), () => HttpResponse.json(entries)));
  saveSession(loginFixture(auth));
  const client = createQueryClient();
  return renderRoute(() => <Page />, { client });
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const tlqs = (size: number, name = 'new.tlqs') => new File([new Uint8Array(size)], name);

describe('the QTLibrarys list (spec 03 "QTLibrary")', () => {
  it('shows every entry with its device type, state and file', async () => {
    showLibrary(ADMIN);
    expect(await screen.findByRole('heading', { name: 'QTLibrarys' })).toBeTruthy();
    const volvo = await screen.findByRole('row', { name: /VOLVO01/ });
    expect(cells(volvo).slice(0, 7)).toEqual([
      'VOLVO01',
      '2.1',
      'Volvo',
      'Volvo FH',
      'QAN-ALL 4G',
      'Active',
      'VOLVO01_4.tlqs · 1.2 KB',
    ]);
    expect(cells(screen.getByRole('row', { name: /SCANIA02/ })).slice(4, 7)).toEqual([
      'QAN-ALL 2G',
      'Active',
      'SCANIA02_4.tlqs',
    ]);
    expect(cells(screen.getByRole('row', { name: /DAF0003/ })).slice(5, 7)).toEqual([
      'InActive',
      '–',
    ]);
    expect(screen.getByRole('button', { name: 'New QTLibrary' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit VOLVO01 2.1 QAN-ALL 4G' })).toBeTruthy();
  });

  it('searches Active: inactive, no or false find the switched-off entries', async () => {
    showLibrary(ADMIN);
    await screen.findByRole('row', { name: /VOLVO01/ });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search by' }), {
      target: { value: 'Active' },
    });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'inactive' } });
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /VOLVO01/ })).toBeNull();
    });
    expect(screen.getByRole('row', { name: /DAF0003/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'yes' } });
    await screen.findByRole('row', { name: /VOLVO01/ });
    expect(screen.queryByRole('row', { name: /DAF0003/ })).toBeNull();
  });

  it('says so when there are none, and gives a non-admin no buttons', async () => {
    showLibrary(USER, []);
    expect(await screen.findByText('No QTLibrarys found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New QTLibrary' })).toBeNull();
  });
});

describe('New QTLibrary', () => {
  it('starts active for device type 4, shows the rules, posts the file and adds the entry', async () => {
    const { client } = showLibrary(ADMIN);
    client.setQueryData(canConfigKeys.active(), LIBRARY);
    let parts: Record<string, string> = {};
    server.use(
      http.post(apiUrl('canconfig/'), async ({ request }) => {
        parts = await partsOf(request);
        return HttpResponse.json(canConfig(9, 'MAN00009', { Name: 'MAN TGX', Brand: 'MAN' }));
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New QTLibrary' }));
    const dialog = await screen.findByRole('dialog', { name: 'New QTLibrary' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    // The spec's Close beside Save Changes (the header's ✕ is called Close too).
    expect(within(dialog).getByText('Close', { selector: 'button' })).toBeTruthy();
    expect(
      within(dialog).getByRole('switch', { name: 'Active' }).getAttribute('aria-checked'),
    ).toBe('true');
    const deviceType = within(dialog).getByRole<HTMLSelectElement>('combobox', {
      name: 'Device Type',
    });
    expect(deviceType.selectedOptions[0]?.textContent).toBe('QAN-ALL 4G');
    expect(save.hasAttribute('disabled')).toBe(true);

    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    fireEvent.change(field('Protocol'), { target: { value: 'MAN' } });
    fireEvent.blur(field('Protocol'));
    expect(await within(dialog).findByText(C.PROTOCOL_TOO_SHORT)).toBeTruthy();
    fireEvent.change(field('Protocol'), { target: { value: 'MAN00009' } });
    fireEvent.change(field('Version'), { target: { value: '1.0' } });
    fireEvent.change(field('Brand'), { target: { value: 'MAN' } });
    fireEvent.change(field('Name'), { target: { value: 'MA' } });
    fireEvent.blur(field('Name'));
    expect(await within(dialog).findByText(C.CAN_NAME_TOO_SHORT)).toBeTruthy();
    fireEvent.change(field('Name'), { target: { value: 'MAN TGX' } });
    const file = within(dialog).getByLabelText('Config File');
    fireEvent.blur(file);
    expect(within(dialog).getByText(CAN_CONFIG_FILE.requiredMessage)).toBeTruthy();
    fireEvent.change(file, { target: { files: [tlqs(300)] } });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('CanProtocol MAN TGX saved!');
    });
    expect(parts).toEqual({
      Protocol: 'MAN00009',
      Version: '1.0',
      Brand: 'MAN',
      Name: 'MAN TGX',
      Active: 'true',
      DeviceType: '4',
      Filename: 'new.tlqs',
      Config: 'new.tlqs (300 bytes)',
    });
    // Added by Id from the answer, without loading the list again; the device page's select reloads.
    expect(await screen.findByRole('row', { name: /MAN00009/ })).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(client.getQueryState(canConfigKeys.active())?.isInvalidated).toBe(true);
  });

  it("puts the server's 400 on the field and keeps the dialog open", async () => {
    showLibrary(ADMIN);
    server.use(
      http.post(apiUrl('canconfig/'), () =>
        HttpResponse.json({ errors: { Protocol: C.PROTOCOL_TAKEN } }, { status: 400 }),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New QTLibrary' }));
    const dialog = await screen.findByRole('dialog', { name: 'New QTLibrary' });
    for (const [name, value] of [
      ['Protocol', 'VOLVO01'],
      ['Version', '3'],
      ['Brand', 'Volvo'],
      ['Name', 'Volvo FH'],
    ] as const) {
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    }
    fireEvent.change(within(dialog).getByLabelText('Config File'), {
      target: { files: [tlqs(10, 'v.s2s')] },
    });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    expect(
      await within(dialog).findByRole('textbox', {
        name: 'Protocol',
        description: new RegExp(C.PROTOCOL_TAKEN),
      }),
    ).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('Edit QTLibrary', () => {
  it('keeps the stored file when none is chosen, and updates the row by Id', async () => {
    showLibrary(ADMIN);
    let parts: Record<string, string> = {};
    server.use(
      http.put(apiUrl('canconfig/1'), async ({ request }) => {
        parts = await partsOf(request);
        return HttpResponse.json(canConfig(1, 'VOLVO01', { Version: '2.2', Active: false }));
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit VOLVO01 2.1 QAN-ALL 4G' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit QTLibrary' });
    expect(within(dialog).getByText('Current file: VOLVO01_4.tlqs · 1.2 KB')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Version' }), {
      target: { value: '2.2' },
    });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    await waitFor(() => {
      expect(save.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('CanProtocol Volvo FH saved!');
    });
    expect(parts).toEqual({
      Id: '1',
      Protocol: 'VOLVO01',
      Version: '2.2',
      Brand: 'Volvo',
      Name: 'Volvo FH',
      Active: 'false',
      DeviceType: '4',
      Filename: '',
    });
    const row = screen.getByRole('row', { name: /VOLVO01/ });
    await waitFor(() => {
      expect(cells(row).slice(1, 6)).toEqual([
        '2.2',
        'Volvo',
        'Volvo FH',
        'QAN-ALL 4G',
        'InActive',
      ]);
    });
  });
});
