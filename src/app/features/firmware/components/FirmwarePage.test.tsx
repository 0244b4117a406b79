import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatListDate } from '@app/components/list/table';
import { giveElementsASize } from '@app/components/list/test/layout';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { FIRMWARES } from '@app/features/firmware/test/fixtures';
import { cells, showFirmware } from '@app/features/firmware/test/render';

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

describe('the Firmware list (spec 03 "Firmware")', () => {
  it('shows type, device type, release, state, date and file; delete only while not Active', async () => {
    showFirmware(server);
    expect(await screen.findByRole('heading', { name: 'Firmware' })).toBeTruthy();
    const newest = await screen.findByRole('row', { name: /4\.03\.00/ });
    expect(cells(newest).slice(0, 7)).toEqual([
      '4.03.00',
      'Application',
      'QAN-ALL 4G',
      'Test version',
      'Active',
      formatListDate('2026-03-14T09:05:00.000Z'),
      'qan_4_4.03.00.fota · 200 KB',
    ]);
    expect(cells(screen.getByRole('row', { name: /1\.02\.00/ })).slice(1, 4)).toEqual([
      'Booter',
      'QAN-ALL 2G',
      'Release',
    ]);
    const old = screen.getByRole('row', { name: /4\.01\.07/ });
    expect(cells(old)[1]).toBe('No Flag');
    expect(
      within(old).getByRole('button', { name: 'Delete 4.01.07 No Flag QAN-ALL 4G' }),
    ).toBeTruthy();
    expect(within(newest).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(
      within(newest).getByRole('button', { name: 'Edit 4.03.00 Application QAN-ALL 4G' }),
    ).toBeTruthy();
  });

  it('searches Release by its words, and Refresh clears the search and loads again', async () => {
    const { calls } = showFirmware(server);
    await screen.findByRole('row', { name: /4\.03\.00/ });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search by' }), {
      target: { value: 'Release' },
    });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'test' } });
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /1\.02\.00/ })).toBeNull();
    });
    expect(screen.getByRole('row', { name: /4\.03\.00/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('row', { name: /1\.02\.00/ });
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
    await waitFor(() => {
      expect(calls.list).toBe(2);
    });
  });

  it('says so when there are none', async () => {
    showFirmware(server, []);
    expect(await screen.findByText('No Firmware found')).toBeTruthy();
  });
});

describe('Delete', () => {
  it('asks before deleting, then shows the list the server answers', async () => {
    showFirmware(server);
    let deleted = '';
    server.use(
      http.delete(apiUrl('AddonBoardFW/:id'), ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json(FIRMWARES.slice(0, 2));
      }),
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete 4.01.07 No Flag QAN-ALL 4G' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete firmware 4.01.07 for QAN-ALL 4G?',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Firmware 4.01.07 deleted!');
    });
    expect(deleted).toBe('1');
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /4\.01\.07/ })).toBeNull();
    });
  });
});
