import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as R from '@shared/libraries/rollouts';
import type { ListSearch } from '@app/components/list';
import { giveElementsASize } from '@app/components/list/test/layout';
import { preview, rollout } from '@app/features/rollouts/test/fixtures';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import type { CanConfigFilter } from '@app/features/can-library/model/can-config-list-url';
import { ADMIN, LIBRARY } from '@app/features/can-library/test/fixtures';
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

/** /canprotocol as the admin, with Mass Update QTL open. */
async function openMassUpdate() {
  server.use(http.get(apiUrl('canconfig/'), () => HttpResponse.json(LIBRARY)));
  saveSession(loginFixture(ADMIN));
  renderRoute(() => <Page />, { client: createQueryClient(), links: ['/rollouts'] });
  fireEvent.click(await screen.findByRole('button', { name: 'Mass Update QTL' }));
  return screen.findByRole('dialog', { name: 'Mass Update QTL' });
}

const select = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLSelectElement>('combobox', { name });
const optionTexts = (element: HTMLSelectElement) => [...element.options].map((o) => o.textContent);
const choose = (element: HTMLSelectElement, value: string) => {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
};
const updateCount = (dialog: HTMLElement) =>
  within(dialog).getByText(/will be updated/).textContent;
const button = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLButtonElement>('button', { name });

/** Both codes chosen and Preview pressed; answers the preview with `answer`. */
async function previewOf(answer: R.RolloutPreview | Response) {
  const calls: unknown[] = [];
  server.use(
    http.post(apiUrl('rollouts/preview'), async ({ request }) => {
      calls.push(await request.json());
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  const dialog = await openMassUpdate();
  choose(select(dialog, 'Current protocol code'), 'VOLVO01');
  choose(select(dialog, 'New protocol code'), 'SCANIA02');
  await waitFor(() => {
    expect(button(dialog, 'Preview').disabled).toBe(false);
  });
  fireEvent.click(button(dialog, 'Preview'));
  return { dialog, calls };
}

describe('Mass Update QTL: choosing the codes (spec 03 §2, §5)', () => {
  it('offers every code as current and only active ones as new, both from --', async () => {
    const dialog = await openMassUpdate();
    const current = select(dialog, 'Current protocol code');
    const next = select(dialog, 'New protocol code');
    expect(optionTexts(current)).toEqual(['--', 'DAF0003', 'SCANIA02', 'VOLVO01']);
    expect(optionTexts(next)).toEqual(['--', 'SCANIA02', 'VOLVO01']);
    expect(current.selectedOptions[0]?.textContent).toBe('--');
    expect(next.selectedOptions[0]?.textContent).toBe('--');
  });

  it('enables Preview only once both codes are chosen and differ', async () => {
    const dialog = await openMassUpdate();
    expect(button(dialog, 'Preview').disabled).toBe(true);
    choose(select(dialog, 'Current protocol code'), 'VOLVO01');
    expect(button(dialog, 'Preview').disabled).toBe(true);
    choose(select(dialog, 'New protocol code'), 'VOLVO01');
    expect(await within(dialog).findByText(R.SAME_PROTOCOL)).toBeTruthy();
    expect(button(dialog, 'Preview').disabled).toBe(true);
    choose(select(dialog, 'New protocol code'), 'SCANIA02');
    await waitFor(() => {
      expect(button(dialog, 'Preview').disabled).toBe(false);
    });
  });
});

describe('Mass Update QTL: the review', () => {
  const answer = preview({ change: 12, offline: 4, onTarget: 3, incompatible: 2, oldCan: 1 });

  it('shows every group with its count and devices, and how many will be updated', async () => {
    const { dialog, calls } = await previewOf(answer);
    expect(
      await within(dialog).findByRole('heading', { name: 'QTL VOLVO01 → SCANIA02' }),
    ).toBeTruthy();
    expect(calls).toEqual([{ Kind: 'qtl', From: 'VOLVO01', To: 'SCANIA02' }]);
    expect(updateCount(dialog)).toBe('12 devices will be updated');
    expect(
      within(dialog).getByText('First a canary of 2, then the other 10 once it has succeeded.'),
    ).toBeTruthy();
    for (const group of R.PREVIEW_GROUPS) {
      const label = within(dialog).getByText(R.PREVIEW_GROUP_LABELS[group]);
      const row = label.closest('summary, div.flex') as HTMLElement;
      expect(row.textContent).toContain(String(answer.Counts[group]));
    }
    // The listed devices of a group, with their applied value and last message.
    const changing = within(dialog).getByRole('table', { name: R.PREVIEW_GROUP_LABELS.change });
    expect(within(changing).getAllByRole('row')).toHaveLength(4);
    expect(changing.textContent).toContain('352099000000001');
    expect(changing.textContent).toContain('Current protocol');
    // The options start on the shared defaults.
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Canary' }).value).toBe(
      '10',
    );
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Failure threshold' }).value,
    ).toBe('20');
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Stage timeout' }).value,
    ).toBe('120');
  });

  it("starts the rollout with the options, toasts the spec's words with a link, and closes", async () => {
    const { dialog } = await previewOf(answer);
    let body: unknown;
    server.use(
      http.post(apiUrl('rollouts/'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(rollout(7));
      }),
    );
    const offline = await within(dialog).findByRole('checkbox', {
      name: 'Include 4 devices not heard from in 24 hours',
    });
    fireEvent.click(offline);
    await waitFor(() => {
      expect(updateCount(dialog)).toBe('16 devices will be updated');
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Canary' }), {
      target: { value: '25' },
    });
    await waitFor(() => {
      expect(button(dialog, 'Start rollout').disabled).toBe(false);
    });
    fireEvent.click(button(dialog, 'Start rollout'));
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalled();
    });
    expect(body).toEqual({
      Target: { Kind: 'qtl', From: 'VOLVO01', To: 'SCANIA02' },
      CanaryPercent: 25,
      FailureThresholdPercent: 20,
      StageTimeoutMinutes: 120,
      IncludeOffline: true,
    });
    const [message, options] = vi.mocked(toast.success).mock.calls[0] ?? [];
    // rollout(7) holds 12 devices.
    expect(message).toBe(R.qtlMassUpdated(12, 'SCANIA02'));
    expect((options?.action as ReactElement<{ id: number }>).props.id).toBe(7);
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Mass Update QTL' })).toBeNull();
    });
  });

  it('refuses options out of range, and offers no start when nothing would change', async () => {
    const { dialog } = await previewOf(preview({ onTarget: 5, busy: 1 }));
    expect(await within(dialog).findByText(/Nothing would change/)).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(button(dialog, 'Start rollout').disabled).toBe(true);
    const canary = within(dialog).getByRole('textbox', { name: 'Canary' });
    fireEvent.change(canary, { target: { value: '0' } });
    fireEvent.blur(canary);
    expect(await within(dialog).findByText(R.CANARY_RANGE)).toBeTruthy();
  });

  it('goes back with the codes kept on Change, and with the message when the server refuses the code', async () => {
    const refused = HttpResponse.json(
      { errors: { 'Target.To': 'No active QTLibrary has this protocol code' } },
      { status: 400 },
    );
    const { dialog } = await previewOf(refused);
    expect(
      await within(dialog).findByText('No active QTLibrary has this protocol code'),
    ).toBeTruthy();
    const next = select(dialog, 'New protocol code');
    expect(next.value).toBe('SCANIA02');
    expect(next.getAttribute('aria-invalid')).toBe('true');

    server.use(http.post(apiUrl('rollouts/preview'), () => HttpResponse.json(answer)));
    choose(next, 'VOLVO01');
    choose(next, 'SCANIA02');
    await waitFor(() => {
      expect(button(dialog, 'Preview').disabled).toBe(false);
    });
    fireEvent.click(button(dialog, 'Preview'));
    await within(dialog).findByRole('heading', { name: 'QTL VOLVO01 → SCANIA02' });
    fireEvent.click(button(dialog, 'Change'));
    expect(select(dialog, 'Current protocol code').value).toBe('VOLVO01');
    expect(button(dialog, 'Preview')).toBeTruthy();
  });
  it('stays on the review and reloads the preview when nothing would change by the start', async () => {
    const { dialog, calls } = await previewOf(answer);
    server.use(
      http.post(apiUrl('rollouts/'), () =>
        HttpResponse.json({ errors: { Target: 'No device would change' } }, { status: 400 }),
      ),
    );
    const start = await within(dialog).findByRole<HTMLButtonElement>('button', {
      name: 'Start rollout',
    });
    await waitFor(() => {
      expect(start.disabled).toBe(false);
    });
    fireEvent.click(start);
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(
      'API call failed. No device would change',
    );
    expect(within(dialog).getByRole('heading', { name: 'QTL VOLVO01 → SCANIA02' })).toBeTruthy();
  });
});

describe('the header', () => {
  it('links to the rollouts', async () => {
    await openMassUpdate();
    expect(screen.getByRole('link', { name: 'Rollouts' }).getAttribute('href')).toBe('/rollouts');
  });
});
