import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DeviceDetail } from '@shared/devices/devices';
import { TEST_RESULT, type TestItem } from '@shared/devices/device-tests';
import { Button } from '@app/components/ui/Button';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { ErrorState } from '@app/components/ui/ErrorState';
import { PageHeader } from '@app/components/ui/PageHeader';
import { Skeleton } from '@app/components/ui/Skeleton';
import { deviceQueryOptions, rawMessagesInfiniteOptions } from '@app/features/device-detail';
import { useLiveTest } from '@app/features/device-tests/live/use-live-test';
import { mergeRawMessages } from '@app/features/device-tests/model/live-test';
import { ConnectionNotice } from './ConnectionNotice';
import { ConnectionStatus } from './ConnectionStatus';
import { LiveDeviceFacts } from './LiveDeviceFacts';
import { LiveRawMessages } from './LiveRawMessages';
import { TestItemsGrid } from './TestItemsGrid';
import { TestResultBanner } from './TestResultBanner';
import { PAGE_FRAME } from './page-frame';

/** /devicetest/{id}: the live installation test of one device (spec 03 §2, §4). */
export function LiveTestPage({ id }: { id: number }) {
  const device = useQuery(deviceQueryOptions(id));
  if (device.isError) {
    return (
      <div className={`${PAGE_FRAME} max-w-7xl`}>
        <PageHeader title="Installation Test" />
        <ErrorState
          title="The device could not be loaded"
          error={device.error}
          onRetry={() => void device.refetch()}
          retrying={device.isFetching}
        />
      </div>
    );
  }
  if (!device.data) {
    return (
      <div
        role="status"
        aria-label="Loading the device"
        className={`${PAGE_FRAME} max-w-7xl space-y-5`}
      >
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-28 w-full rounded-xl" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-36 rounded-xl" />
          ))}
        </div>
      </div>
    );
  }
  return <LiveTest device={device.data} />;
}

function LiveTest({ device }: { device: DeviceDetail }) {
  const history = useInfiniteQuery(rawMessagesInfiniteOptions(device.IMEI));
  const loaded = history.data?.pages[0];
  const live = useLiveTest(device);
  const [stopping, setStopping] = useState<'asking' | 'busy' | null>(null);
  const running = live.connection !== 'finished' && live.problem?.kind !== 'notRunning';
  const messages = useMemo(
    () => mergeRawMessages(loaded ?? [], live.rawMessages),
    [loaded, live.rawMessages],
  );
  const { confirm } = live;
  const onConfirm = (item: TestItem, correct: boolean) => confirm(item.key, correct);

  return (
    <div className={`${PAGE_FRAME} max-w-7xl`}>
      <PageHeader
        title="Installation Test"
        description={
          <>
            Live test of <span className="font-mono">{device.IMEI}</span>
            {device.Customer ? ` for ${device.Customer}` : ''}
          </>
        }
        actions={
          <div className="flex items-center gap-2">
            <ConnectionStatus state={live.connection} online={live.online && navigator.onLine} />
            {running && live.hasRun && (
              <Button
                variant="secondary"
                onClick={() => {
                  setStopping('asking');
                }}
              >
                Stop test
              </Button>
            )}
          </div>
        }
      />
      <ConfirmDialog
        open={stopping !== null}
        busy={stopping === 'busy'}
        message="The test ends without a result. Verdicts made so far are not kept in a result."
        onCancel={() => {
          setStopping(null);
        }}
        onConfirm={() => {
          setStopping('busy');
          void live.stop().finally(() => {
            setStopping(null);
          });
        }}
      />
      {/* There from the start, so screen readers announce the result when it is filled in. */}
      <p role="status" className="sr-only">
        {live.connection === 'finished'
          ? `Test finished: ${live.result ?? TEST_RESULT.failed}`
          : ''}
      </p>
      {live.connection === 'finished' && <TestResultBanner result={live.result} />}
      <ConnectionNotice
        state={live.connection}
        problem={live.problem}
        online={live.online}
        onStart={live.startAgain}
        onReconnect={live.retry}
      />
      <LiveDeviceFacts device={device} newestMessageAt={messages[0]?.TimeStampServer ?? null} />
      <TestItemsGrid
        items={live.items}
        waiting={live.connection !== 'disconnected'}
        canConfirm={live.hasRun && live.connection !== 'finished'}
        onConfirm={onConfirm}
        onSwitch={(item, on) => live.switchOutput(item.key, on)}
      />
      <div className="mt-6">
        <LiveRawMessages messages={messages} />
      </div>
    </div>
  );
}
