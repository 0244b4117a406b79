import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_REQUIRED } from '@shared/libraries/custom-test-data';
import { CUSTOM_TEST_DATA_FILE, FILE_TOO_LARGE } from '@shared/libraries/library-files';
import { giveElementsASize } from '@app/components/list/test/layout';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { partsOf } from '@app/test/multipart';
import {
  ADMIN,
  FILES,
  showTestData,
  testFile,
  USER,
  VIEWER,
} from '@app/features/custom-test-data/test/render';

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
  vi.restoreAllMocks();
});

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the Custom Test Data list (spec 03 "Custom Test Data")', () => {
  it('shows Customer, FileName and a download per file; no writes for a user', async () => {
    showTestData(server, USER);
    expect(await screen.findByRole('heading', { name: 'Custom Test Data' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: /checklist\.txt/ });
    expect(cells(row).slice(0, 2)).toEqual(['Atlas Freight', 'checklist.txt']);
    expect(within(row).getByRole('button', { name: 'Download checklist.txt' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Customer', 'FileName', 'Download File']));
    expect(screen.queryByRole('button', { name: 'Upload test data' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('searches Customer and FileName in the browser, and sorts by FileName', async () => {
    const { calls } = showTestData(server, VIEWER);
    await screen.findByRole('row', { name: /hansen-route\.pdf/ });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'hansen' } });
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /checklist\.txt/ })).toBeNull();
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search by' }), {
      target: { value: 'FileName' },
    });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'TRACE' } });
    await waitFor(() => {
      expect(screen.getAllByRole('row')).toHaveLength(2);
    });
    expect(screen.getByRole('row', { name: /atlas-can-trace\.csv/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('row', { name: /hansen-route\.pdf/ });
    fireEvent.click(screen.getByRole('button', { name: /FileName/ }));
    fireEvent.click(screen.getByRole('button', { name: /FileName/ }));
    await waitFor(() => {
      expect(cells(screen.getAllByRole('row')[1] as HTMLElement)[1]).toBe('hansen-route.pdf');
    });
    expect(calls.list).toBe(2);
    expect(screen.queryByRole('button', { name: 'Upload test data' })).toBeNull();
  });

  it("says 'No Custom Test Data' when there are none", async () => {
    showTestData(server, USER, []);
    expect(await screen.findByText('No Custom Test Data')).toBeTruthy();
  });

  it('saves a file under its FileName; a failure only goes to the console', async () => {
    const createObjectURL = vi.fn(() => 'blob:test-data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    server.use(
      http.get(apiUrl('customtestdata/2'), () => new HttpResponse(new Uint8Array([1, 2, 3]))),
      http.get(apiUrl('customtestdata/1'), () => new HttpResponse(null, { status: 404 })),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    showTestData(server, USER);
    fireEvent.click(await screen.findByRole('button', { name: 'Download checklist.txt' }));
    await waitFor(() => {
      expect(clicked).toEqual(['checklist.txt']);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download atlas-can-trace.csv' }));
    await waitFor(() => {
      expect(consoleError).toHaveBeenCalled();
    });
    expect(clicked).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('admins', () => {
  it('upload a file for a customer after the rules spoke; it joins the list', async () => {
    showTestData(server, ADMIN);
    let parts: Record<string, string> = {};
    server.use(
      http.post(apiUrl('customtestdata/'), async ({ request }) => {
        parts = await partsOf(request);
        return HttpResponse.json(testFile(9, 'Hansen Transport', 'new-trace.csv'));
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Upload test data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload test data' });
    const upload = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Upload' });
    expect(upload.disabled).toBe(true);
    fireEvent.submit(upload.closest('form') as HTMLFormElement);
    expect(await within(dialog).findByText(CUSTOMER_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(CUSTOM_TEST_DATA_FILE.requiredMessage)).toBeTruthy();
    const input = within(dialog).getByLabelText('File');
    const big = new File([new Uint8Array(CUSTOM_TEST_DATA_FILE.maxBytes + 1)], 'big.bin');
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(dialog).findByText(FILE_TOO_LARGE)).toBeTruthy();
    await waitFor(() => {
      expect(within(dialog).getAllByRole('option').length).toBe(3);
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Customer' }), {
      target: { value: '4' },
    });
    fireEvent.change(input, { target: { files: [new File(['a,b\n1,2\n'], 'new-trace.csv')] } });
    await waitFor(() => {
      expect(upload.disabled).toBe(false);
    });
    fireEvent.click(upload);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('new-trace.csv uploaded!');
    });
    expect(parts).toEqual({
      CustomerId: '4',
      Filename: 'new-trace.csv',
      File: 'new-trace.csv (8 bytes)',
    });
    await screen.findByRole('row', { name: /new-trace\.csv/ });
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Upload test data' })).toBeNull();
    });
  });

  it('remove a file after confirming', async () => {
    showTestData(server, ADMIN);
    let removed = '';
    server.use(
      http.delete(apiUrl('customtestdata/:id'), ({ params }) => {
        removed = String(params.id);
        return HttpResponse.json(FILES[2]);
      }),
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove hansen-route.pdf of Hansen Transport' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain(
      'Are you sure you want to remove hansen-route.pdf of Hansen Transport?',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('hansen-route.pdf removed!');
    });
    expect(removed).toBe('3');
    await waitFor(() => {
      expect(screen.queryByRole('row', { name: /hansen-route\.pdf/ })).toBeNull();
    });
  });
});
