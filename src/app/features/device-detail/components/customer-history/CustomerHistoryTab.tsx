import { useQuery } from '@tanstack/react-query';
import type { CustomerHistoryEntry, DeviceDetail } from '@shared/devices/devices';
import { customerHistoryQueryOptions } from '@app/features/device-detail/api/history';
import { formatDateTime } from '@app/features/device-detail/model/format';
import { InboxIcon } from '@app/components/ui/icons';
import { ListEmpty, QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { RefreshButton } from '@app/components/ui/RefreshButton';
import { ResponsiveTable, type Column } from '@app/components/list/table';
import { TabCard } from '@app/components/ui/TabCard';

const COLUMNS: Column<CustomerHistoryEntry>[] = [
  { header: 'Customer Name', cell: (e) => e.Customer, className: 'font-medium' },
  { header: 'Start', cell: (e) => formatDateTime(e.Start), className: 'whitespace-nowrap' },
  {
    header: 'End',
    cell: (e) => (e.End ? formatDateTime(e.End) : <span className="text-slate-500">Current</span>),
    className: 'whitespace-nowrap',
  },
];

/** The device's customers over time, newest first (admins only: it names other tenants). */
export function CustomerHistoryTab({ device }: { device: DeviceDetail }) {
  const query = useQuery(customerHistoryQueryOptions(device.Id));
  return (
    <TabCard
      title="Customer history"
      actions={
        <RefreshButton onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      }
    >
      {query.isPending ? (
        <TableSkeleton label="Loading the customer history" rows={2} />
      ) : query.isLoadingError ? (
        <QueryError title="The customer history could not be loaded" query={query} />
      ) : query.data.length === 0 ? (
        <ListEmpty icon={InboxIcon} title="No customers yet">
          This device has never been assigned to a customer.
        </ListEmpty>
      ) : (
        <ResponsiveTable
          label="Customer history"
          columns={COLUMNS}
          rows={query.data}
          rowKey={(e) => `${e.CustomerId}-${e.Start}`}
        />
      )}
    </TabCard>
  );
}
