import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '@app/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveElementsASize, usePhoneLayout } from '@app/components/list/test/layout';
import { startApiServer } from '@app/test/api-server';
import { LONG_PRESS_MS } from '@app/features/roles/row-menu/use-row-menu';
import { renderRolesPage, serveRoles } from '@app/features/roles/test/roles-harness';

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
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const cellOf = (name: string) => screen.getByRole('cell', { name });
const menu = () => screen.queryByRole('menu');
const moreButton = (name: string) => screen.getByRole('button', { name: `Actions for ${name}` });

describe('the Roles screen', () => {
  it('lists Name, Id and UsedBy, with a ⋯ menu button per row', async () => {
    serveRoles(server);
    renderRolesPage();
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Id',
      'UsedBy',
      'Actions',
    ]);
    expect(moreButton('Auditor').getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.getByRole('button', { name: /New Role/ })).toBeTruthy();
  });

  it('opens the menu on a right-click, and removes the role after the confirmation', async () => {
    const removed = serveRoles(server);
    renderRolesPage();
    fireEvent.contextMenu(await screen.findByRole('cell', { name: 'Auditor' }), {
      clientX: 200,
      clientY: 120,
    });
    const opened = screen.getByRole('menu', { name: 'Actions for Auditor' });
    expect(
      within(opened)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Remove role', 'Cancel']);
    expect(moreButton('Auditor').getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(opened).getByRole('menuitem', { name: 'Remove role' }));
    expect(menu()).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to remove this role?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => {
      expect(screen.queryByRole('cell', { name: 'Auditor' })).toBeNull();
    });
    expect(removed).toEqual([4]);
    expect(toast.success).toHaveBeenCalledWith('Role succesfully removed!');
  });

  it("toasts the server's reason when the role is in use, and keeps the row", async () => {
    const removed = serveRoles(server);
    renderRolesPage();
    fireEvent.contextMenu(await screen.findByRole('cell', { name: 'Installer' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove role' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith(
        'API call failed. This role is in use by 4 user(s) and cannot be removed',
        expect.anything(),
      );
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(cellOf('Installer')).toBeTruthy();
    expect(removed).toEqual([]);
  });

  it('is reachable by keyboard: Shift+F10 or the ContextMenu key in a row, arrows, Escape', async () => {
    serveRoles(server);
    renderRolesPage();
    await screen.findByRole('table');
    const button = moreButton('Installer');
    button.focus();
    fireEvent.keyDown(button, { key: 'F10', shiftKey: true });
    const items = within(screen.getByRole('menu', { name: 'Actions for Installer' })).getAllByRole(
      'menuitem',
    );
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(menu()).toBeNull();
    // Focus is back where the keyboard user left it.
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: 'ContextMenu' });
    expect(screen.getByRole('menu', { name: 'Actions for Installer' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('toggles the menu with the ⋯ button, and closes it on a press outside', async () => {
    serveRoles(server);
    renderRolesPage();
    await screen.findByRole('table');
    fireEvent.click(moreButton('Admin'));
    expect(screen.getByRole('menu', { name: 'Actions for Admin' })).toBeTruthy();
    fireEvent.pointerDown(moreButton('Admin'));
    fireEvent.click(moreButton('Admin'));
    expect(menu()).toBeNull();
    fireEvent.click(moreButton('Admin'));
    fireEvent.pointerDown(document.body);
    expect(menu()).toBeNull();
  });

  it('opens on a long press on a phone card, not on a tap or a scroll', async () => {
    usePhoneLayout();
    serveRoles(server);
    renderRolesPage();
    const card = await screen.findByRole('article', { name: 'Auditor' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const touch = { pointerType: 'touch', clientX: 100, clientY: 300 };

    fireEvent.pointerDown(card, touch);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 100);
    });
    fireEvent.pointerUp(card, touch);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(menu()).toBeNull();

    fireEvent.pointerDown(card, touch);
    fireEvent.pointerMove(card, { ...touch, clientY: 340 });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(menu()).toBeNull();

    fireEvent.pointerDown(card, touch);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    expect(screen.getByRole('menu', { name: 'Actions for Auditor' })).toBeTruthy();
    // The click that ends the press does not act on the card.
    const clicked = vi.fn();
    card.addEventListener('click', clicked);
    fireEvent.click(card);
    expect(clicked).not.toHaveBeenCalled();
  });
});
