import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDownIcon } from '@app/components/ui/icons';
import type { DeviceTab, DeviceTabId } from '@app/features/device-detail/model/tabs';

interface DeviceTabNavProps {
  deviceId: number;
  tabs: readonly DeviceTab[];
  active: DeviceTabId;
}

/**
 * Phones: a native select at the top (the OS picker is the best touch list there is). From md
 * up: the tabs as a list on the left. Both change `?tab=`, so every tab has its own link.
 */
export function DeviceTabNav({ deviceId, tabs, active }: DeviceTabNavProps) {
  const navigate = useNavigate();
  return (
    <>
      <div className="sticky top-14 z-20 -mx-4 mb-4 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur md:hidden">
        <label htmlFor="device-tab-picker" className="sr-only">
          Device section
        </label>
        <div className="relative">
          <select
            id="device-tab-picker"
            value={active}
            onChange={(event) => {
              void navigate({
                to: '/device/$id',
                params: { id: deviceId },
                search: { tab: event.target.value as DeviceTabId },
              });
            }}
            className="block h-12 w-full appearance-none rounded-lg border-0 bg-white pr-10 pl-3 text-base font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          >
            {tabs.map((tab) => (
              <option key={tab.id} value={tab.id}>
                {tab.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-500" />
        </div>
      </div>
      <nav aria-label="Device sections" className="hidden md:block">
        <ul className="sticky top-20 space-y-1">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <Link
                to="/device/$id"
                params={{ id: deviceId }}
                search={{ tab: tab.id }}
                aria-current={tab.id === active ? 'page' : undefined}
                className={`flex min-h-10 items-center rounded-lg px-3 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  tab.id === active
                    ? 'bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset'
                    : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
