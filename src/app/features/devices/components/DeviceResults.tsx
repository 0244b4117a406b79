import { Card } from '../../../components/ui/Card';
import { LoadMoreStatus } from '../../../components/ui/LoadMoreStatus';
import { DeviceCards } from './DeviceCards';
import { DeviceCardsSkeleton, DeviceTableSkeleton, NoDevices } from './DeviceListStates';
import { DeviceTable } from './DeviceTable';
import type { DeviceListViewProps } from './list-types';
import { SelectionFooter } from './SelectionFooter';

interface DeviceResultsProps extends Omit<DeviceListViewProps, 'onChangeCustomer'> {
  desktop: boolean;
  pending: boolean;
  filtered: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onRetryMore: () => void;
  onClearSearch: () => void;
  onChangeCustomer: DeviceListViewProps['onChangeCustomer'];
  onChangeSelected: () => void;
}

/** The list in its current state: loading, empty, or the table (desktop) or cards (phones). */
export function DeviceResults(props: DeviceResultsProps) {
  const { desktop, pending, devices, access, selection } = props;
  const status = (
    <LoadMoreStatus
      items="devices"
      loading={props.loadingMore}
      failed={props.loadMoreFailed}
      onRetry={props.onRetryMore}
    />
  );
  const footer = access !== 'hidden' && (
    <SelectionFooter
      access={access}
      count={selection.count}
      onChangeCustomer={props.onChangeSelected}
      onClear={selection.clear}
      status={status}
    />
  );

  if (desktop) {
    return (
      <section
        aria-label="Device list"
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        {pending ? (
          <DeviceTableSkeleton />
        ) : devices.length === 0 ? (
          <NoDevices filtered={props.filtered} onClear={props.onClearSearch} />
        ) : (
          <DeviceTable {...props} />
        )}
        {footer ||
          ((props.loadingMore || props.loadMoreFailed) && (
            <div className="border-t border-slate-200 px-4 py-3">{status}</div>
          ))}
      </section>
    );
  }

  if (pending) return <DeviceCardsSkeleton />;
  if (devices.length === 0) {
    return (
      <Card>
        <NoDevices filtered={props.filtered} onClear={props.onClearSearch} />
      </Card>
    );
  }
  return (
    <>
      <DeviceCards {...props} />
      <div className="py-3">{status}</div>
      {/* Phones: the footer sticks to the bottom only while something is selected. */}
      {access === 'enabled' && selection.count > 0 && (
        <div className="sticky bottom-0 -mx-4 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] sm:-mx-6">
          {footer}
        </div>
      )}
    </>
  );
}
