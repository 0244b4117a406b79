import type { ReactNode } from 'react';
import { SELECTION_ZONE } from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { SwapIcon } from '@app/components/ui/icons';
import type { SelectionAccess } from '@app/features/devices/access';

interface SelectionFooterProps {
  access: SelectionAccess;
  count: number;
  onChangeCustomer: () => void;
  onClear: () => void;
  /** Left of the selection: the load-more status. */
  status?: ReactNode;
}

/** The footer of spec 02 "Devices page": how many devices are selected, and Change Customer. */
export function SelectionFooter({
  access,
  count,
  onChangeCustomer,
  onClear,
  status,
}: SelectionFooterProps) {
  const allowed = access === 'enabled';
  return (
    <div
      {...SELECTION_ZONE}
      role="group"
      aria-label="Selection"
      className="flex min-h-14 flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-2.5"
    >
      <div className="min-w-0">{status}</div>
      <div className="flex items-center gap-2 sm:gap-3">
        <p className="text-sm whitespace-nowrap text-slate-700" aria-live="polite">
          {allowed ? (
            <>
              <span className="font-semibold text-slate-900 tabular-nums">{count}</span>{' '}
              {/* "2 selected" on a phone, where the bar has little room. */}
              <span className="max-sm:sr-only">{count === 1 ? 'device' : 'devices'} </span>
              selected
            </>
          ) : (
            'Only resellers can change the customer of devices.'
          )}
        </p>
        {allowed && count > 0 && (
          <Button variant="ghost" onClick={onClear} className="px-2 sm:px-3">
            Clear
          </Button>
        )}
        <Button
          onClick={onChangeCustomer}
          disabled={!allowed || count === 0}
          className="px-3 whitespace-nowrap sm:px-4"
        >
          <SwapIcon className="size-4.5" />
          Change Customer
        </Button>
      </div>
    </div>
  );
}
