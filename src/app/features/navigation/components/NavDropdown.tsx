import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '@app/components/ui/icons';
import type { MenuDropdown } from '@app/features/navigation/menu';
import { activeEntryClass, topEntryClass } from './nav-styles';

interface NavDropdownProps {
  entry: MenuDropdown;
  /** Replaces the label inside the button (the Account avatar); `data-menu` keeps the label. */
  button?: ReactNode;
  /** Shown above the items (the signed-in user in the Account menu). */
  header?: ReactNode;
  align?: 'start' | 'end';
}

export function NavDropdown({ entry, button, header, align = 'start' }: NavDropdownProps) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = entry.items.some((item) => item.to === pathname);
  return (
    <Menu>
      <MenuButton
        data-menu={entry.label}
        className={`${topEntryClass} ${active ? activeEntryClass : ''} data-open:bg-slate-100`}
      >
        {button ?? entry.label}
        <ChevronDownIcon className="size-4 opacity-70" />
      </MenuButton>
      <MenuItems
        anchor={align === 'end' ? 'bottom end' : 'bottom start'}
        modal={false}
        // The panel holds focus while open; the focused item shows it (ring and background).
        className="z-40 mt-1 min-w-48 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {header && (
          <>
            <div className="px-3 py-2">{header}</div>
            <MenuSeparator className="my-1 h-px bg-slate-100" />
          </>
        )}
        {entry.items.map((item) => (
          <MenuItem key={item.to}>
            <Link
              to={item.to}
              // Preloading /logout would run its sign-out on hover.
              preload={item.to === '/logout' ? false : undefined}
              className="flex min-h-10 items-center rounded-lg px-3 text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-brand-600"
              activeProps={{ className: 'font-semibold text-brand-800' }}
            >
              {item.label}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
