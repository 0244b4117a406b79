import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Auth } from '@shared/access/auth';
import { CloseIcon, MenuIcon } from '@app/components/ui/icons';
import type { MenuEntry, MenuLink } from '@app/features/navigation/menu';
import { focusRing } from '@app/components/ui/focus';
import { can } from '@shared/access/permissions';
import { AccountSummary } from './AccountSummary';
import { activeDrawerEntryClass, drawerEntryClass } from './nav-styles';
import { OutboxCount, OutboxDrawerLink } from './OutboxLink';

function DrawerLink({ item, onNavigate }: { item: MenuLink; onNavigate: () => void }) {
  return (
    <Link
      to={item.to}
      preload={item.to === '/logout' ? false : undefined}
      onClick={onNavigate}
      className={drawerEntryClass}
      activeProps={{ className: activeDrawerEntryClass }}
      activeOptions={{ exact: true }}
    >
      {item.label}
    </Link>
  );
}

/** Phones and tablets: a hamburger opening a drawer with the same entries, dropdowns as groups. */
export function MobileNav({ entries, auth }: { entries: MenuEntry[]; auth: Auth }) {
  const [open, setOpen] = useState(false);
  // Viewers change nothing, so they have nothing to queue.
  const writer = can(auth, 'devices.write');
  const close = () => {
    setOpen(false);
  };
  return (
    <div className="ml-auto shrink-0 lg:hidden">
      <button
        type="button"
        aria-label="Open menu"
        onClick={() => {
          setOpen(true);
        }}
        className={`relative grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 ${focusRing}`}
      >
        <MenuIcon className="size-6" />
        {writer && <OutboxCount className="absolute top-0.5 right-0.5" />}
      </button>
      <Dialog open={open} onClose={close} className="relative z-50 lg:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0"
        />
        <DialogPanel
          transition
          className="fixed inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl transition-transform duration-200 ease-out data-closed:translate-x-full"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">Menu</DialogTitle>
            <button
              type="button"
              aria-label="Close menu"
              onClick={close}
              className={`grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 ${focusRing}`}
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <div className="border-b border-slate-100 px-5 py-4">
            <AccountSummary auth={auth} />
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-3">
            <ul className="space-y-1">
              {writer && (
                <li>
                  <OutboxDrawerLink onNavigate={close} />
                </li>
              )}
              {entries.map((entry) =>
                entry.kind === 'link' ? (
                  <li key={entry.label} data-menu={entry.label}>
                    <DrawerLink item={entry} onNavigate={close} />
                  </li>
                ) : (
                  <li key={entry.label} className="pt-3">
                    <p
                      data-menu={entry.label}
                      className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                    >
                      {entry.label}
                    </p>
                    <ul className="space-y-1">
                      {entry.items.map((item) => (
                        <li key={item.to}>
                          <DrawerLink item={item} onNavigate={close} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ),
              )}
            </ul>
          </nav>
        </DialogPanel>
      </Dialog>
    </div>
  );
}
