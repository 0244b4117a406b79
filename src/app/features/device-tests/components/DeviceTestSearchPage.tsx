import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Device } from '@shared/devices/devices';
import { PageHeader } from '@app/components/ui/PageHeader';
import { InputField } from '@app/components/form';
import { useCan } from '@app/lib/permissions';
import { searchDevicesInfiniteOptions } from '@app/features/devices';
import { useSettledSearchText } from '@app/components/list';
import { matchOutcome, searchTerm } from '@app/features/device-tests/model/device-matches';
import { MatchList } from './MatchList';
import { TestConfigDialog } from './TestConfigDialog';
import { PAGE_FRAME } from './page-frame';

/** IMEI and SN are searched both: installers read whichever the label in the cab shows. */
function useDeviceSearch(term: string | null) {
  const enabled = term !== null;
  const byImei = useInfiniteQuery({
    ...searchDevicesInfiniteOptions('IMEI', term ?? '', null),
    enabled,
  });
  const bySn = useInfiniteQuery({
    ...searchDevicesInfiniteOptions('SN', term ?? '', null),
    enabled,
  });
  const queries = [byImei, bySn];
  return {
    lists: queries.map((q) => q.data?.pages[0] ?? []),
    loading: queries.some((q) => q.isLoading),
    error: queries.find((q) => q.isError)?.error ?? null,
    retrying: queries.some((q) => q.isFetching),
    retry: () => {
      for (const q of queries) if (q.isError) void q.refetch();
    },
  };
}

/** /devicetest (spec 03 §2 "Installation test"): find the device, configure it, start. */
export function DeviceTestSearchPage() {
  const [settled, setSettled] = useState('');
  const { text, setText } = useSettledSearchText(settled, setSettled);
  const [chosen, setChosen] = useState<Device | null>(null);
  const search = useDeviceSearch(searchTerm(settled));
  const outcome = matchOutcome(settled, search.lists);
  // Viewers are read-only: the server refuses their settings and the live test.
  const readOnly = !useCan('deviceTests.write');

  return (
    <div className={`${PAGE_FRAME} max-w-5xl`}>
      <PageHeader
        title="Installation Test"
        description={
          readOnly
            ? 'Viewers can look devices up here; running a test needs a user or admin account.'
            : 'Find the installed device, check its configuration and run the live test.'
        }
      />
      <div role="search" className="mb-6 max-w-xl">
        <InputField
          label="IMEI or serial number"
          type="search"
          value={text}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 35866…"
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
      </div>
      <MatchList
        outcome={outcome}
        loading={search.loading}
        error={search.error}
        retrying={search.retrying}
        onRetry={search.retry}
        onChoose={readOnly ? undefined : setChosen}
      />
      {chosen && (
        <TestConfigDialog
          device={chosen}
          onClose={() => {
            setChosen(null);
          }}
        />
      )}
    </div>
  );
}
