import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingsProfilePreview } from '@shared/settings-profiles/settings-profiles';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { ADMIN, STANDARD, STANDARD_ID } from '@app/features/settings-profiles/test/fixtures';
import { showWizard } from '@app/features/settings-profiles/test/render';
import { PREVIEW_TITLE } from './UpdatePreviewDialog';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
afterEach(() => {
  cleanup();
});

const PREVIEW: SettingsProfilePreview = {
  using: 34,
  devices: 30,
  offline: 4,
  settings: ['TachoLiveEnabled', 'endpoint0JSON'],
};
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const pageTitle = () => screen.getByRole('heading', { level: 2 }).firstChild?.textContent;
const next = async (title: string) => {
  fireEvent.click(button('Next'));
  await waitFor(() => {
    expect(pageTitle()).toBe(title);
  });
};

/** Records the bodies of preview and update calls. */
function onPreviewAndUpdate(preview: Response | (() => Response)) {
  const calls: { kind: 'preview' | 'update'; body: Record<string, unknown> }[] = [];
  server.use(
    http.post(apiUrl(`settingsProfiles/${STANDARD_ID}/preview`), async ({ request }) => {
      calls.push({ kind: 'preview', body: (await request.json()) as Record<string, unknown> });
      return typeof preview === 'function' ? preview() : preview.clone();
    }),
    http.post(apiUrl(`settingsProfiles/${STANDARD_ID}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ kind: 'update', body });
      return HttpResponse.json({ ...STANDARD, ...body });
    }),
  );
  return calls;
}

describe('editing a profile', () => {
  it("has the profile's name as title, and shows the update preview before saving", async () => {
    const { router } = showWizard(server, ADMIN, STANDARD);
    expect(await screen.findByRole('heading', { name: 'Standard tracking' })).toBeTruthy();
    const calls = onPreviewAndUpdate(HttpResponse.json(PREVIEW));
    fireEvent.click(screen.getByRole('checkbox', { name: 'TachoLive' }));
    await next('Messages');
    await next('Name');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe(
      'Standard tracking',
    );
    // In use: its customer stays.
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Customer' }).disabled).toBe(
      true,
    );
    fireEvent.click(button('Save'));
    const dialog = await screen.findByRole('dialog', { name: PREVIEW_TITLE });
    expect(calls.map((c) => c.kind)).toEqual(['preview']);
    expect(calls[0]?.body).toMatchObject({ TachoLiveEnabled: 'True', iButton: 'False' });
    expect(dialog.textContent).toContain('Use this profile34');
    expect(dialog.textContent).toContain('Get new settings30');
    expect(dialog.textContent).toContain('Of those offline4');
    expect(dialog.textContent).toContain('4 devices of them have not been heard from in 24 hours');
    const settings = within(dialog).getByRole('region', { name: 'Settings that change' });
    expect(
      within(settings)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['TachoLiveEnabled', 'endpoint0JSON']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and update 30 devices' }));
    await waitFor(() => {
      expect(calls.map((c) => c.kind)).toEqual(['preview', 'update']);
    });
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settingsProfiles');
    });
    expect(toast.success).toHaveBeenCalledWith('Settings profile Standard tracking saved!');
  });

  it('goes back to editing from the preview without saving', async () => {
    showWizard(server, ADMIN, STANDARD);
    await screen.findByRole('heading', { name: 'Standard tracking' });
    const calls = onPreviewAndUpdate(
      HttpResponse.json({ ...PREVIEW, devices: 0, offline: 0, settings: [] }),
    );
    await next('Messages');
    await next('Name');
    fireEvent.click(button('Save'));
    const dialog = await screen.findByRole('dialog', { name: PREVIEW_TITLE });
    expect(dialog.textContent).toContain('saving changes no device');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.map((c) => c.kind)).toEqual(['preview']);
    expect(pageTitle()).toBe('Name');
  });

  it("takes the server's field error to its page and field", async () => {
    showWizard(server, ADMIN, STANDARD);
    await screen.findByRole('heading', { name: 'Standard tracking' });
    onPreviewAndUpdate(() =>
      HttpResponse.json(
        { errors: { 'message1.endpointID': 'Endpoint not found' } },
        { status: 400 },
      ),
    );
    await next('Messages');
    await next('Name');
    fireEvent.click(button('Save'));
    await waitFor(() => {
      expect(pageTitle()).toBe('Messages');
    });
    expect(
      screen.getByRole('combobox', {
        name: 'Message 1 endpoint',
        description: 'Endpoint not found',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
