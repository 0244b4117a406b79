import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsProfileInUseMessage } from '@shared/settings-profiles/settings-profiles';
import { sizeElementsInEachTest } from '@app/components/list/test/layout';
import { apiUrl, startApiServer } from '@app/test/api-server';
import {
  ADMIN,
  STANDARD,
  STANDARD_ID,
  TACHO,
  TACHO_ID,
  VIEWER,
} from '@app/features/settings-profiles/test/fixtures';
import { showList } from '@app/features/settings-profiles/test/render';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
sizeElementsInEachTest();
afterEach(() => {
  cleanup();
});

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** Records each DELETE's path and query; answers with `answer`. */
function onDelete(answer: (url: URL) => Response) {
  const seen: string[] = [];
  server.use(
    http.delete(apiUrl('settingsProfiles/:id'), ({ request }) => {
      const url = new URL(request.url);
      seen.push(`${url.pathname.replace('/api/', '')}${url.search}`);
      return answer(url);
    }),
  );
  return seen;
}

describe('the SettingsProfiles list (spec 03 "Settings Profiles")', () => {
  it('shows Name, Customer, Firmware and Devices, with New profile, edit and delete for admins', async () => {
    showList(server, ADMIN);
    expect(await screen.findByRole('heading', { name: 'SettingsProfiles' })).toBeTruthy();
    const standard = await screen.findByRole('row', { name: /Standard tracking/ });
    expect(cells(standard).slice(0, 4)).toEqual([
      'Standard tracking',
      'Shared',
      'No firmware sync',
      '34',
    ]);
    const tacho = screen.getByRole('row', { name: /Atlas tacho live/ });
    expect(cells(tacho).slice(0, 4)).toEqual(['Atlas tacho live', 'Atlas Freight', '4.03.02', '0']);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Customer', 'Firmware', 'Devices']));
    expect(screen.getByRole('link', { name: 'New profile' }).getAttribute('href')).toBe(
      '/settingsProfiles/new',
    );
    expect(screen.getByRole('button', { name: 'Edit Standard tracking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Standard tracking' })).toBeTruthy();
  });

  it("shows '-' for a profile without a device count", async () => {
    showList(server, ADMIN, [{ ...STANDARD, devices: undefined as unknown as number }]);
    const row = await screen.findByRole('row', { name: /Standard tracking/ });
    expect(cells(row)[3]).toBe('-');
  });

  it('gives a Viewer no New profile, edit or delete', async () => {
    showList(server, VIEWER);
    await screen.findByRole('row', { name: /Standard tracking/ });
    expect(screen.queryByRole('link', { name: 'New profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
  });

  it("says 'No settings profiles' when there are none", async () => {
    showList(server, ADMIN, []);
    expect(await screen.findByText('No settings profiles')).toBeTruthy();
  });

  it('searches Name on the server, within the chosen customer', async () => {
    const { calls } = showList(server, ADMIN);
    await screen.findByRole('row', { name: /Standard tracking/ });
    await screen.findByRole('option', { name: 'Atlas Freight' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Customer' }), {
      target: { value: '3' },
    });
    await waitFor(() => {
      expect(calls).toContain('settingsProfiles/customer/3');
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), {
      target: { value: 'tacho' },
    });
    await waitFor(
      () => {
        expect(calls).toContain('settingsProfiles/name/tacho/3');
      },
      { timeout: 3000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), {
      target: { value: 'Long haul' },
    });
    await waitFor(
      () => {
        expect(calls).toContain('settingsProfiles/name/Long%20haul');
      },
      { timeout: 3000 },
    );
    expect(calls[0]).toBe('settingsProfiles/');
  });

  it('sorts by Devices', async () => {
    showList(server, ADMIN);
    await screen.findByRole('row', { name: /Standard tracking/ });
    fireEvent.click(screen.getByRole('button', { name: /Devices/ }));
    await waitFor(() => {
      expect(cells(screen.getAllByRole('row')[1] as HTMLElement)[0]).toBe('Atlas tacho live');
    });
  });
});

describe('Delete', () => {
  it('asks the spec question for a profile no device uses, then removes it', async () => {
    showList(server, ADMIN);
    const seen = onDelete(() => HttpResponse.json(TACHO));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Atlas tacho live' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain('Are you sure you want to remove this settings profile?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Settings profile Atlas tacho live removed!');
    });
    expect(seen).toEqual([`settingsProfiles/${TACHO_ID}`]);
  });

  it('asks what happens to the devices of a profile in use, and keeps their settings', async () => {
    showList(server, ADMIN);
    const seen = onDelete(() => HttpResponse.json(STANDARD));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Standard tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove settings profile' });
    expect(dialog.textContent).toContain('Standard tracking is used by 34 devices.');
    const remove = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Remove' });
    expect(remove.disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'Keep their current settings, no profile' }),
    );
    await waitFor(() => {
      expect(remove.disabled).toBe(false);
    });
    fireEvent.click(remove);
    await waitFor(() => {
      expect(seen).toEqual([`settingsProfiles/${STANDARD_ID}?devices=keepSettings`]);
    });
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('Settings profile Standard tracking removed!');
    });
  });

  it('turns to the question about devices when the profile came into use meanwhile', async () => {
    showList(server, ADMIN);
    const seen = onDelete((url) =>
      url.search === ''
        ? HttpResponse.json(
            { errors: { devices: settingsProfileInUseMessage(2) } },
            { status: 400 },
          )
        : HttpResponse.json(TACHO),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Atlas tacho live' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove settings profile' });
    expect(dialog.textContent).toContain('Devices use Atlas tacho live.');
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'Keep their current settings, no profile' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(seen).toEqual([
        `settingsProfiles/${TACHO_ID}`,
        `settingsProfiles/${TACHO_ID}?devices=keepSettings`,
      ]);
    });
    expect(toast.error).not.toHaveBeenCalled();
  });
});
