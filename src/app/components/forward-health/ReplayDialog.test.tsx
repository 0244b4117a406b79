import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@app/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as H from '@shared/forwards/forward-health';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { nothingToReplay, ReplayDialog } from './ReplayDialog';

vi.mock('@app/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const server = startApiServer();
afterEach(cleanup);
const FORWARD = { Id: 4, Name: 'Ops feed' };

/** The text describing a control (its error or hint). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function openDialog(messages = 42) {
  saveSession(loginFixture({ Role: 'Admin' }));
  const asked: { From: string | null; To: string | null }[] = [];
  const posted: unknown[] = [];
  server.use(
    http.get(apiUrl('forwards/:id/replay'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push({ From: query.get('From'), To: query.get('To') });
      return HttpResponse.json({ Messages: messages });
    }),
    http.post(apiUrl('forwards/:id/replay'), async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ Messages: messages });
    }),
  );
  const onClose = vi.fn();
  renderRoute(() => <ReplayDialog forward={FORWARD} onClose={onClose} />);
  return { asked, posted, onClose };
}

const field = (label: 'From' | 'To') => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: 'From' | 'To', value: string) => {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
};
const iso = (local: string) => new Date(local).toISOString();
/** The field's text, DD-MM-YYYY HH:mm in the browser's time zone, as an instant. */
const shown = (label: 'From' | 'To') => {
  const [day = 0, month = 0, year = 0, hour = 0, minute = 0] = field(label)
    .value.split(/[- :]/)
    .map(Number);
  return new Date(year, month - 1, day, hour, minute).getTime();
};

describe('ReplayDialog', () => {
  it('checks the window with the route’s rules, under the fields', async () => {
    openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Replay Ops feed' });
    // The last hour to start with.
    expect(field('To').value).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    const to = shown('To');
    expect(to - shown('From')).toBe(3_600_000);
    expect(Math.abs(to - Date.now())).toBeLessThan(61_000);

    type('From', '');
    await waitFor(() => {
      expect(description(field('From'))).toContain(H.REPLAY_FROM_REQUIRED);
    });
    expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(
      true,
    );
    type('From', '12-05-2025 10:00');
    type('To', '12-05-2025 09:00');
    await waitFor(() => {
      expect(description(field('To'))).toContain(H.REPLAY_TO_BEFORE_FROM);
    });
    type('To', '20-06-2025 09:00');
    await waitFor(() => {
      expect(description(field('To'))).toContain(H.REPLAY_TOO_LONG);
    });
    type('From', '01-01-2999 00:00');
    type('To', '01-01-2999 01:00');
    await waitFor(() => {
      expect(description(field('From'))).toContain(H.REPLAY_IN_FUTURE);
    });
  });

  it('says how many messages the window holds, then replays them on Confirm', async () => {
    const { asked, posted, onClose } = openDialog(42);
    const dialog = await screen.findByRole('dialog', { name: 'Replay Ops feed' });
    type('From', '12-05-2025 10:00');
    type('To', '12-05-2025 11:30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(H.replayQuestion(42, 'Ops feed'))).toBeTruthy();
    // Sent as instants, read in the browser's time zone.
    const window = { From: iso('2025-05-12T10:00'), To: iso('2025-05-12T11:30') };
    expect(asked).toEqual([window]);
    // The window confirmed is the one on screen: fixed until 'Change window'.
    expect(field('From').readOnly).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith(H.replayStarted(42, 'Ops feed'));
    });
    expect(posted).toEqual([window]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the window holds nothing, and Confirm stays off', async () => {
    const { posted } = openDialog(0);
    const dialog = await screen.findByRole('dialog', { name: 'Replay Ops feed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(nothingToReplay('Ops feed'))).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirm);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change window' }));
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(field('From').readOnly).toBe(false);
    expect(posted).toEqual([]);
  });

  it("puts a 400's messages under the fields and goes back to them", async () => {
    openDialog(5);
    server.use(
      http.post(apiUrl('forwards/:id/replay'), () =>
        HttpResponse.json({ errors: { From: H.REPLAY_IN_FUTURE } }, { status: 400 }),
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Replay Ops feed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText(H.replayQuestion(5, 'Ops feed'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(description(field('From'))).toContain(H.REPLAY_IN_FUTURE);
    });
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
