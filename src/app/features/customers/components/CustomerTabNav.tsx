import { Link } from '@tanstack/react-router';
import { focusRing } from '@app/components/ui/focus';
import type { CustomerTabId, ShownTab } from '../model/tabs';

interface CustomerTabNavProps {
  customerId: number;
  tabs: readonly ShownTab<CustomerTabId>[];
  active: CustomerTabId;
}

const TAB =
  'inline-flex h-11 shrink-0 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap';

/**
 * The tabs as links (`?tab=users`), so every tab has its own address and Back returns to the
 * previous tab. A tab the customer lacks the feature for is shown, disabled, with the reason.
 */
export function CustomerTabNav({ customerId, tabs, active }: CustomerTabNavProps) {
  return (
    <nav aria-label="Customer sections" className="-mx-4 mb-5 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <li key={tab.id}>
            {tab.disabledReason === undefined ? (
              <Link
                to="/customer/$id"
                params={{ id: customerId }}
                search={{ tab: tab.id }}
                aria-current={tab.id === active ? 'page' : undefined}
                className={`${TAB} rounded-t-lg ${focusRing} ${
                  tab.id === active
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {tab.label}
              </Link>
            ) : (
              <span
                aria-disabled="true"
                title={tab.disabledReason}
                className={`${TAB} cursor-not-allowed border-transparent text-slate-500`}
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
