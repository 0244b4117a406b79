import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DeviceDetail } from '@shared/devices/devices';
import type { RawMessage } from '@shared/devices/raw-messages';
import { Spinner } from '@app/components/ui/Spinner';
import { useBusy } from '@app/lib/busy';
import { rawMessagesInfiniteOptions } from '@app/features/device-detail/api/history';
import { deviceDetailKeys } from '@app/features/device-detail/api/keys';
import { formatDateTime } from '@app/features/device-detail/model/format';
import { InboxIcon } from '@app/components/ui/icons';
import { ListEmpty, QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { RefreshButton } from '@app/components/ui/RefreshButton';
import { ResponsiveTable, type Column } from '@app/components/list/table';
import { TabCard } from '@app/components/ui/TabCard';
import { useInfiniteScroll } from './use-infinite-scroll';

export const END_OF_DATA = 'End of Data';

const COLUMNS: Column<RawMessage>[] = [
  {
    header: 'Timestamp',
    cell: (m) => formatDateTime(m.TimeStampServer),
    className: 'whitespace-nowrap',
  },
  // Blank, not 'No', for an invalid message (spec 01 §2.6).
  { header: 'ValidJson', cell: (m) => (m.ValidJson ? 'Yes' : '') },
  {
    header: 'Message',
    cell: (m) => <code className="text-xs break-all text-slate-700">{m.Message}</code>,
    className: 'md:w-2/3',
  },
];

export function RawMessagesTab({ device }: { device: DeviceDetail }) {
  const client = useQueryClient();
  const busy = useBusy();
  const query = useInfiniteQuery(rawMessagesInfiniteOptions(device.IMEI));
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useInfiniteScroll(query.hasNextPage && !busy, loadMore);

  const messages = query.data?.pages.flat() ?? [];
  const refresh = () =>
    // Back to the newest batch alone: re-fetching every loaded batch would be pointless.
    void client.resetQueries({ queryKey: deviceDetailKeys.rawMessages(device.IMEI) });

  return (
    <TabCard
      title="RawMessage"
      actions={
        <RefreshButton
          onRefresh={refresh}
          refreshing={query.isFetching && !query.isFetchingNextPage}
        />
      }
    >
      {query.isPending ? (
        <TableSkeleton label="Loading the raw messages" rows={6} />
      ) : query.isLoadingError ? (
        <QueryError title="The raw messages could not be loaded" query={query} />
      ) : messages.length === 0 ? (
        <ListEmpty icon={InboxIcon} title="No messages yet">
          Messages appear here once the device sends them.
        </ListEmpty>
      ) : (
        <>
          <ResponsiveTable
            label="RawMessage"
            columns={COLUMNS}
            rows={messages}
            rowKey={(m) => m.Id}
          />
          <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-500">
            {query.isFetchingNextPage ? (
              <>
                <Spinner className="size-4" /> Loading more…
              </>
            ) : query.hasNextPage ? (
              'Scroll for more'
            ) : (
              END_OF_DATA
            )}
          </p>
        </>
      )}
    </TabCard>
  );
}
