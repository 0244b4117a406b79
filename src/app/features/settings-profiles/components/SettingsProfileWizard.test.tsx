import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_MESSAGE_0_FLAGS,
  PROFILE_INTERVAL_MESSAGE,
} from '@shared/settings-profiles/settings-profiles';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { ADMIN, TCP_ENDPOINT_ID } from '@app/features/settings-profiles/test/fixtures';
import { showWizard } from '@app/features/settings-profiles/test/render';
import { CHECK_FIELDS } from './SettingsProfileWizard';
import { LEAVE_CONFIRM } from './LeaveGuard';

vi.mock('@app/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
}));

const server = startApiServer();
afterEach(() => {
  cleanup();
});

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const pageTitle = () => screen.getByRole('heading', { level: 2 }).firstChild?.textContent;
const next = async (title: string) => {
  fireEvent.click(button('Next'));
  await waitFor(() => {
    expect(pageTitle()).toBe(title);
  });
};
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const checked = (name: string) => checkbox(name).getAttribute('aria-checked');

/** Records the body of each create; answers it as a profile. */
function onCreate() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(apiUrl('settingsProfiles/'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({ ...body, Id: 'new-id', devices: 0 });
    }),
  );
  return bodies;
}

describe('Create SettingsProfile (spec 03 §2, §9)', () => {
  it('starts on the defaults and sends booleans as True/False with each message protocol', async () => {
    const { router } = showWizard(server, ADMIN);
    expect(await screen.findByRole('heading', { name: 'Create SettingsProfile' })).toBeTruthy();
    expect(pageTitle()).toBe('Settings');
    // §9: iButton False, PrivateSwitchEnabled True …; labels as spec 03 §2 names them.
    expect(checked('DriverID')).toBe('false');
    expect(checked('InputEvents')).toBe('true');
    expect(checked('MinuteRule')).toBe('true');
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'TimedMessageInterval' }).value,
    ).toBe('120');
    const firmware = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Firmware' });
    expect(firmware.selectedOptions[0]?.textContent).toBe('No firmware sync');
    await screen.findByRole('option', { name: '4.03.02 – QAN-ALL 4G' });
    // Only active application firmware is offered.
    expect(screen.queryByRole('option', { name: /4\.01\.00/ })).toBeNull();
    fireEvent.click(checkbox('DriverID'));
    fireEvent.change(firmware, { target: { value: '12' } });
    const bodies = onCreate();

    await next('Messages');
    await next('Name');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Long haul  ' },
    });
    fireEvent.click(button('Save'));
    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    const body = bodies[0] ?? {};
    expect(body).toMatchObject({
      Name: 'Long haul',
      CustomerId: null,
      applicationVersion: 12,
      BooterVersion: 0,
      iButton: 'True',
      PrivateSwitchEnabled: 'True',
      TachoLiveEnabled: 'False',
      CANWakeUpEnabled: 'True',
      output1Behaviour: 2,
      output2Behaviour: 1,
      standbyMessageInterval: 7200,
      chargingMessageInterval: 900,
      message0Protocol: 1,
      message1Protocol: 1,
      message2Protocol: 1,
      message0: { index: 0, protocol: 1, ...DEFAULT_MESSAGE_0_FLAGS },
      message1: { index: 1, TIME: 0, REQ: 0 },
    });
    expect((body.message0 as { URL: string }).URL).toMatch(
      /^http:\/\/[^:/]+:5000\/api\/v1\/devices$/,
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settingsProfiles');
    });
    expect(toast.success).toHaveBeenCalledWith('Settings profile Long haul saved!');
  });

  it('checks each page before Next; Back keeps what was entered', async () => {
    showWizard(server, ADMIN);
    await screen.findByRole('heading', { name: 'Create SettingsProfile' });
    const interval = screen.getByRole('textbox', { name: 'StandbyMessageInterval' });
    fireEvent.change(interval, { target: { value: '' } });
    fireEvent.click(button('Next'));
    expect(await screen.findByText(CHECK_FIELDS)).toBeTruthy();
    expect(
      screen.getByRole('textbox', {
        name: 'StandbyMessageInterval',
        description: PROFILE_INTERVAL_MESSAGE,
      }),
    ).toBeTruthy();
    expect(pageTitle()).toBe('Settings');
    fireEvent.change(interval, { target: { value: '3600' } });
    fireEvent.click(checkbox('TachoLive'));
    await next('Messages');
    await next('Name');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Keep' } });
    fireEvent.click(button('Back'));
    fireEvent.click(button('Back'));
    await waitFor(() => {
      expect(pageTitle()).toBe('Settings');
    });
    expect(checked('TachoLive')).toBe('true');
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'StandbyMessageInterval' }).value,
    ).toBe('3600');
    await next('Messages');
    await next('Name');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Keep');
  });

  it("toasts 'Name needs to be at least 3 characters.' and sends nothing", async () => {
    showWizard(server, ADMIN);
    const bodies = onCreate();
    await screen.findByRole('heading', { name: 'Create SettingsProfile' });
    await next('Messages');
    await next('Name');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'ab' } });
    fireEvent.click(button('Save'));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith('Name needs to be at least 3 characters.');
    });
    expect(bodies).toEqual([]);
    expect(pageTitle()).toBe('Name');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = showWizard(server, ADMIN);
    await screen.findByRole('heading', { name: 'Create SettingsProfile' });
    fireEvent.click(checkbox('TachoLive'));
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain(LEAVE_CONFIRM);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(router.state.location.pathname).toBe('/settingsProfiles/new');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settingsProfiles');
    });
  });
});

describe('page 2: the message configurations', () => {
  it('edits a message in the Message configuration dialog, bit by bit, showing the change', async () => {
    showWizard(server, ADMIN);
    const bodies = onCreate();
    await screen.findByRole('heading', { name: 'Create SettingsProfile' });
    await next('Messages');
    const table = screen.getByRole('table', { name: 'Message configurations' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 17)).toEqual([
      'Message',
      'Time',
      'TripStart',
      'TripEnd',
      'Charge',
      'Power',
      'Wake',
      'Standby',
      'Move',
      'LowBV',
      'IO',
      'Unauth',
      'Login',
      'DriveStyle',
      'Diag',
      'TachoLive',
      'Request',
    ]);
    fireEvent.click(button('Edit message 0'));
    const dialog = await screen.findByRole('dialog', { name: 'Message configuration' });
    // Each flag's chapter bits, named (spec 01 §3).
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(16 * 12);
    expect(
      within(dialog).getByRole('checkbox', { name: 'TIME GNSS' }).getAttribute('aria-checked'),
    ).toBe('true');
    const apply = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Apply' });
    expect(apply.disabled).toBe(true);
    expect(within(dialog).getByText('None yet.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'TIME TACHO' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'TIME LIVE' }));
    const changes = within(dialog).getByRole('region', { name: 'Changes' });
    expect(changes.textContent).toContain('TIME 3 → 6: +TACHO −LIVE');
    expect(within(dialog).getByText('was 3')).toBeTruthy();
    await waitFor(() => {
      expect(apply.disabled).toBe(false);
    });
    fireEvent.click(apply);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const row0 = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row0).getAllByRole('cell')[0]?.textContent).toBe('6');

    await next('Name');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Bits' } });
    fireEvent.click(button('Save'));
    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]).toMatchObject({ message0: { TIME: 6 } });
  });

  it('makes a message TCP with its endpoint and keeps that when the message is cleared', async () => {
    showWizard(server, ADMIN);
    const bodies = onCreate();
    await screen.findByRole('heading', { name: 'Create SettingsProfile' });
    await next('Messages');
    // Choosing the TCP endpoint makes message 1 TCP; clearing it keeps that and its URL.
    fireEvent.change(screen.getByRole('combobox', { name: 'Message 1 endpoint' }), {
      target: { value: TCP_ENDPOINT_ID },
    });
    fireEvent.click(button('Edit message 1'));
    const second = await screen.findByRole('dialog', { name: 'Message configuration' });
    fireEvent.click(within(second).getByRole('checkbox', { name: 'REQ SETTINGS' }));
    fireEvent.click(within(second).getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    fireEvent.click(button('Clear message 1'));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain('Are you sure you want to clear this message?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await next('Name');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Bits' } });
    fireEvent.click(button('Save'));
    await waitFor(() => {
      expect(bodies).toHaveLength(1);
    });
    expect(bodies[0]).toMatchObject({
      message1: { endpointID: TCP_ENDPOINT_ID, protocol: 3, REQ: 0, TIME: 0, index: 1 },
      message1Protocol: 3,
    });
  });
});
