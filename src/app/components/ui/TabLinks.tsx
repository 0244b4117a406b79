import type { ReactNode } from 'react';
import { focusRingInset } from './focus';

export interface TabLinkItem<T extends string> {
  id: T;
  label: string;
  /** Shown, but not a link, with this reason as its tooltip (a feature the object lacks). */
  disabledReason?: string | undefined;
}

interface TabLinksProps<T extends string> {
  /** The navigation's accessible name ('Account sections'). */
  label: string;
  tabs: readonly TabLinkItem<T>[];
  active: T;
  /**
   * A tab's link: the router's `<Link>` to the tab's address with these props spread on it, so
   * every tab has its own URL (`?tab=users`) and Back returns to the previous tab.
   */
  link: (tab: TabLinkItem<T>, props: TabLinkProps) => ReactNode;
  /** Phones: the tabs share the width (a few short labels) instead of scrolling sideways. */
  fill?: boolean;
}

export interface TabLinkProps {
  className: string;
  'aria-current': 'page' | undefined;
  children: string;
}

const TAB =
  'inline-flex h-11 shrink-0 items-center justify-center border-b-2 px-4 text-sm font-medium whitespace-nowrap';

/** A row of tabs as links, underlined when active; 44 px targets with a visible focus ring. */
export function TabLinks<T extends string>({
  label,
  tabs,
  active,
  link,
  fill = false,
}: TabLinksProps<T>) {
  return (
    <nav
      aria-label={label}
      className={fill ? 'mb-5 sm:mb-6' : '-mx-4 mb-5 overflow-x-auto px-4 sm:mx-0 sm:mb-6 sm:px-0'}
    >
      <ul className={`flex gap-1 border-b border-slate-200 ${fill ? '' : 'min-w-max'}`}>
        {tabs.map((tab) => (
          <li key={tab.id} className={fill ? 'flex-1 sm:flex-none' : undefined}>
            {tab.disabledReason === undefined ? (
              link(tab, {
                'aria-current': tab.id === active ? 'page' : undefined,
                children: tab.label,
                className: `${TAB} -mb-px rounded-t-lg ${fill ? 'w-full' : ''} ${focusRingInset} ${
                  tab.id === active
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                }`,
              })
            ) : (
              <span
                aria-disabled="true"
                title={tab.disabledReason}
                className={`${TAB} -mb-px cursor-not-allowed border-transparent text-slate-500`}
              >
                {tab.label}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
