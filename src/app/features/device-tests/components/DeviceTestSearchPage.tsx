import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Device, DeviceSearchFilter } from '@shared/devices/devices';
import type { ScannedIdentifier } from '@shared/devices/label-scan';
import { PageHeader } from '@app/components/ui/PageHeader';
import { InputField } from '@app/components/form';
import { useCan } from '@app/lib/permissions';
import { searchDevicesInfiniteOptions } from '@app/features/devices';
import { useSettledSearchText } from '@app/components/list';
import { ScanButton } from '@app/components/scan';
import { matchOutcome, searchTerm } from '@app/features/device-tests/model/device-matches';
import { MatchList } from './MatchList';
import { TestConfigDialog } from './TestConfigDialog';
import { PAGE_FRAME } from './page-frame';

/**
 * IMEI and SN are searched both: installers read whichever the label in the cab shows. A scanned
 * ICCID is searched by ICCID alone (no IMEI or SN holds it).
 */
function useDeviceSearch(term: string | null, byIccid: boolean) {
  const search = (filter: DeviceSearchFilter, enabled: boolean) => ({
    ...searchDevicesInfiniteOptions(filter, term ?? '', null),
    enabled: term !== null && enabled,
  });
  const byImei = useInfiniteQuery(search('IMEI', !byIccid));
  const bySn = useInfiniteQuery(search('SN', !byIccid));
  const iccid = useInfiniteQuery(search('ICCID', byIccid));
  const queries = byIccid ? [iccid] : [byImei, bySn];
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
  // The ICCID last scanned: searched by ICCID while it is the search text.
  const [scannedIccid, setScannedIccid] = useState<string | null>(null);
  const byIccid = scannedIccid !== null && scannedIccid === settled;
  const search = useDeviceSearch(searchTerm(settled), byIccid);
  // A scan searches at once: no debounce, nothing more is coming.
  const onScan = (id: ScannedIdentifier) => {
    setScannedIccid(id.kind === 'iccid' ? id.value : null);
    setSettled(id.value);
    return undefined;
  };
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
        <div className="flex items-end gap-2">
          <InputField
            label="IMEI or serial number"
            className="flex-1"
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 35866…"
            onChange={(e) => {
              setText(e.target.value);
            }}
          />
          <ScanButton onScan={onScan} />
        </div>
        {byIccid && (
          <p className="mt-1.5 text-sm text-slate-600">Scanned ICCID: searching by ICCID.</p>
        )}
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
