import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusRingInset } from './focus';
import { ChevronDownIcon } from './icons';
import { revealInScroller, useScrollEdges } from './use-scroll-edges';

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

/** The keys that move between the tabs, as in a tab list: to the next, previous, first, last. */
const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * A row of tabs as links, underlined when active; 44 px targets with a visible focus ring. Tabs
 * that do not fit scroll sideways (their labels are the spec's, so they are not shortened): a
 * fading edge with an arrow shows there is more on that side, the active tab is scrolled into
 * view, and the arrow keys, Home and End move between the tabs.
 */
export function TabLinks<T extends string>({
  label,
  tabs,
  active,
  link,
  fill = false,
}: TabLinksProps<T>) {
  const scroller = useRef<HTMLElement>(null);
  const edges = useScrollEdges(scroller);

  useLayoutEffect(() => {
    const current = scroller.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (scroller.current && current) revealInScroller(scroller.current, current);
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = STEP[event.key];
    const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a[href]'));
    const index = links.indexOf(event.target as HTMLElement);
    if (!step || index < 0) return;
    event.preventDefault();
    const next = links[step(index, links.length)];
    if (!next) return;
    next.focus({ preventScroll: true });
    if (scroller.current) revealInScroller(scroller.current, next);
  };

  return (
    <div className={`relative mb-5 sm:mb-6 ${fill ? '' : '-mx-4 sm:mx-0'}`}>
      <nav
        ref={scroller}
        aria-label={label}
        className={fill ? '' : 'overflow-x-auto px-4 [scrollbar-width:none] sm:px-0'}
      >
        <ul
          onKeyDown={onKeyDown}
          className={`flex gap-1 border-b border-slate-200 ${fill ? '' : 'min-w-max'}`}
        >
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
      <MoreEdge side="start" shown={edges.start} />
      <MoreEdge side="end" shown={edges.end} />
    </div>
  );
}

/** A fading edge with an arrow over the tabs where more of them lie beyond the scroll box. */
function MoreEdge({ side, shown }: { side: 'start' | 'end'; shown: boolean }) {
  if (!shown) return null;
  return (
    <div
      aria-hidden="true"
      data-more={side}
      className={`pointer-events-none absolute top-0 bottom-px flex w-12 items-center from-slate-50 from-45% to-transparent ${
        side === 'end' ? 'right-0 justify-end bg-linear-to-l pr-1' : 'left-0 bg-linear-to-r pl-1'
      }`}
    >
      <ChevronDownIcon
        className={`size-4 text-slate-600 ${side === 'end' ? '-rotate-90' : 'rotate-90'}`}
      />
    </div>
  );
}
