import { useQuery } from '@tanstack/react-query';
import type { AuthServer } from '@shared/access/auth-servers';
import { ResponsiveTable, type Column } from '@app/components/list/table';
import { EmptyState } from '@app/components/ui/EmptyState';
import { InboxIcon } from '@app/components/ui/icons';
import { QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { TabCard } from '@app/components/ui/TabCard';
import { customerAuthServersQueryOptions } from '@app/lib/lookups/auth-servers';
import { StatusBadge } from './auth-server-columns';

const columns: readonly Column<AuthServer>[] = [
  { header: 'Name', cell: (s) => s.Name },
  { header: 'IP', className: 'break-all', cell: (s) => s.IP },
  { header: 'Device Port', className: 'tabular-nums', cell: (s) => s.DevicePort },
  { header: 'Port', className: 'tabular-nums', cell: (s) => s.Port },
  { header: 'Username', cell: (s) => s.Username },
  { header: 'Status', cell: (s) => <StatusBadge status={s.Status} /> },
  { header: 'Forward', className: 'break-all', cell: (s) => s.Forward },
];

const serverKey = (server: AuthServer) => server.Id;

/**
 * The customer detail's 'Authentication Servers' tab (spec 02): the customer's servers and the
 * shared ones, read-only (they are managed on /tacho).
 */
export function AuthServersPanel({ customerId }: { customerId: number }) {
  const servers = useQuery(customerAuthServersQueryOptions(customerId));
  return (
    <TabCard title="Authentication Servers">
      {servers.isPending ? (
        <TableSkeleton label="Loading the authentication servers" />
      ) : servers.isError ? (
        <QueryError title="The authentication servers could not be loaded" query={servers} />
      ) : servers.data.length === 0 ? (
        <EmptyState icon={InboxIcon} title="No Authentication Servers found">
          This customer has no authentication server for remote downloads yet.
        </EmptyState>
      ) : (
        <ResponsiveTable
          label="Authentication Servers"
          columns={columns}
          rows={servers.data}
          rowKey={serverKey}
        />
      )}
    </TabCard>
  );
}
