import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as R from '@shared/libraries/rollouts';
import { giveElementsASize } from '@app/components/list/test/layout';
import { preview, rollout } from '@app/features/rollouts/test/fixtures';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { customerFixture } from '@app/test/fixtures';
import { firmware, FIRMWARES } from '@app/features/firmware/test/fixtures';
import { showFirmware } from '@app/features/firmware/test/render';

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

const CUSTOMERS = [customerFixture(3, 'Atlas Freight'), customerFixture(4, 'Vega Logistics')];
// A second application firmware without a file: listed, not choosable.
const LIST = [...FIRMWARES, firmware(4, '4.02.00', { Filename: null, Active: false })];

async function open(title: 'Mass Update Firmware' | 'Mass Update Booter') {
  server.use(http.get(apiUrl('customers/'), () => HttpResponse.json(CUSTOMERS)));
  showFirmware(server, LIST);
  fireEvent.click(await screen.findByRole('button', { name: title }));
  return screen.findByRole('dialog', { name: title });
}

const select = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLSelectElement>('combobox', { name });
const options = (element: HTMLSelectElement) =>
  [...element.options].map((o) => [o.value, o.textContent, o.disabled]);
const choose = (element: HTMLSelectElement, value: string) => {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
};
const submit = (dialog: HTMLElement) =>
  within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' });

describe('Mass Update Firmware / Booter: choosing (spec 03 §2, §5)', () => {
  it('lists the customers and the application firmwares, both from -- (0), with Cancel and Submit', async () => {
    const dialog = await open('Mass Update Firmware');
    await waitFor(() => {
      expect(select(dialog, 'Customer').options).toHaveLength(3);
    });
    expect(options(select(dialog, 'Customer'))).toEqual([
      ['0', '--', false],
      ['3', 'Atlas Freight', false],
      ['4', 'Vega Logistics', false],
    ]);
    expect(options(select(dialog, 'Firmware'))).toEqual([
      ['0', '--', false],
      ['3', '4.03.00 · QAN-ALL 4G', false],
      ['4', '4.02.00 · QAN-ALL 4G · InActive · no file', true],
    ]);
    expect(select(dialog, 'Customer').value).toBe('0');
    expect(select(dialog, 'Firmware').value).toBe('0');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(submit(dialog).disabled).toBe(true);
  });

  it('enables Submit only once a customer and a firmware are chosen', async () => {
    const dialog = await open('Mass Update Firmware');
    await waitFor(() => {
      expect(select(dialog, 'Customer').options).toHaveLength(3);
    });
    choose(select(dialog, 'Customer'), '3');
    expect(submit(dialog).disabled).toBe(true);
    choose(select(dialog, 'Firmware'), '3');
    await waitFor(() => {
      expect(submit(dialog).disabled).toBe(false);
    });
    choose(select(dialog, 'Customer'), '0');
    expect(await within(dialog).findByText(R.CUSTOMER_REQUIRED)).toBeTruthy();
    expect(submit(dialog).disabled).toBe(true);
  });

  it('offers the booters in Mass Update Booter', async () => {
    const dialog = await open('Mass Update Booter');
    expect(options(select(dialog, 'Firmware'))).toEqual([
      ['0', '--', false],
      ['2', '1.02.00 · QAN-ALL 2G', false],
    ]);
  });
});

describe('Mass Update Firmware / Booter: review and start', () => {
  it.each([
    ['Mass Update Firmware', 'firmware', '3', '4.03.00'],
    ['Mass Update Booter', 'booter', '2', '1.02.00'],
  ] as const)(
    '%s previews, starts and toasts the Message with a link',
    async (title, kind, id, version) => {
      const calls: { preview?: unknown; start?: unknown } = {};
      const description = `${kind === 'firmware' ? 'Firmware' : 'Booter'} ${version} for Atlas Freight`;
      server.use(
        http.post(apiUrl('rollouts/preview'), async ({ request }) => {
          calls.preview = await request.json();
          return HttpResponse.json(
            preview(
              { change: 12, incompatible: 5 },
              { Kind: kind, Target: version, Description: description },
            ),
          );
        }),
        http.post(apiUrl('rollouts/'), async ({ request }) => {
          calls.start = await request.json();
          return HttpResponse.json(rollout(8, { Kind: kind, Target: version }));
        }),
      );
      const dialog = await open(title);
      await waitFor(() => {
        expect(select(dialog, 'Customer').options).toHaveLength(3);
      });
      choose(select(dialog, 'Customer'), '3');
      choose(select(dialog, 'Firmware'), id);
      await waitFor(() => {
        expect(submit(dialog).disabled).toBe(false);
      });
      fireEvent.click(submit(dialog));
      expect(await within(dialog).findByRole('heading', { name: description })).toBeTruthy();
      expect(calls.preview).toEqual({ Kind: kind, CustomerId: 3, FirmwareId: Number(id) });
      expect(within(dialog).getByText(R.PREVIEW_GROUP_LABELS.incompatible)).toBeTruthy();
      const start = within(dialog).getByRole<HTMLButtonElement>('button', {
        name: 'Start rollout',
      });
      await waitFor(() => {
        expect(start.disabled).toBe(false);
      });
      fireEvent.click(start);
      await waitFor(() => {
        expect(toast.success).toHaveBeenCalled();
      });
      expect(calls.start).toEqual({
        Target: { Kind: kind, CustomerId: 3, FirmwareId: Number(id) },
        ...R.ROLLOUT_DEFAULTS,
      });
      const [message, toastOptions] = vi.mocked(toast.success).mock.calls[0] ?? [];
      expect(message).toBe(R.firmwareMassUpdated(kind, 12, version));
      expect((toastOptions?.action as ReactElement<{ id: number }>).props.id).toBe(8);
      await waitFor(() => {
        expect(screen.queryByRole('dialog', { name: title })).toBeNull();
      });
    },
  );
});
