import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Device } from '../../../../shared/devices';
import { FEATURE_TACHO_DOWNLOAD, isAdminRole } from '../../../../shared/roles';
import { Card } from '../../../components/ui/Card';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useSession } from '../../../lib/use-session';
import { selectionAccess } from '../access';
import { deviceKeys } from '../api/device-keys';
import { deviceCountQueryOptions, deviceListInfiniteOptions } from '../api/device-lists';
import { listModeFor, type DeviceListSearch } from '../search-rules';
import { useDeviceSelection } from '../use-device-selection';
import { DESKTOP_QUERY, useMediaQuery } from '../use-media-query';
import { useSettledSearchText } from '../use-settled-search-text';
import { ChangeCustomerDialog } from './ChangeCustomerDialog';
import { DeviceResults } from './DeviceResults';
import { DeviceSearchBar } from './DeviceSearchBar';
import { ResultCount } from './ResultCount';

interface DevicesPageProps {
  /** The search in effect (the route keeps it in the URL). */
  search: DeviceListSearch;
  onSearchChange: (search: DeviceListSearch) => void;
}

/** The devices list of spec 02 "Devices page". */
export function DevicesPage({ search, onSearchChange }: DevicesPageProps) {
  const auth = useSession()?.auth;
  const access = auth ? selectionAccess(auth) : 'hidden';
  const withLastDownload = auth?.Features.includes(FEATURE_TACHO_DOWNLOAD) ?? false;
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const queryClient = useQueryClient();

  const mode = listModeFor(search);
  const list = useInfiniteQuery(deviceListInfiniteOptions(mode));
  const count = useQuery({ ...deviceCountQueryOptions(), enabled: mode.kind === 'all' });
  const devices = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);

  const [dialog, setDialog] = useState<{ open: boolean; devices: Device[] }>({
    open: false,
    devices: [],
  });
  const selection = useDeviceSelection(dialog.open);

  const onSettle = useCallback(
    (text: string) => {
      onSearchChange({ ...search, text });
    },
    [onSearchChange, search],
  );
  const searchText = useSettledSearchText(search.text, onSettle);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const onNearEnd = useCallback(() => {
    // A failed page waits for its Retry instead of being asked for again on every scroll.
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const clearSearch = () => {
    searchText.reset('');
    onSearchChange({ ...search, text: '', customerId: null });
  };
  const refresh = () => {
    clearSearch();
    // Back to the first page of fresh data, rather than refetching every page loaded so far.
    // A search on screen is about to give way to the whole list: only the lists off screen are
    // reset (and load when shown), so the search is not fetched once more on its way out.
    void queryClient.resetQueries({
      queryKey: deviceKeys.all,
      type: mode.kind === 'all' ? 'all' : 'inactive',
    });
  };
  const openDialog = useCallback((devicesToChange: Device[]) => {
    setDialog({ open: true, devices: devicesToChange });
  }, []);
  // Stable for the memoised table rows.
  const changeOne = useCallback(
    (device: Device) => {
      openDialog([device]);
    },
    [openDialog],
  );
  const closeDialog = () => {
    setDialog((d) => ({ ...d, open: false }));
  };

  return (
    <div className="mx-auto w-full max-w-[120rem] flex-1 px-4 py-5 sm:px-6 sm:py-8 lg:px-5 xl:px-8">
      <PageHeader title="Devices" />
      <DeviceSearchBar
        filter={search.filter}
        text={searchText.text}
        customerId={search.customerId}
        onFilterChange={(filter) => {
          onSearchChange({ ...search, filter });
        }}
        onTextChange={searchText.setText}
        onCustomerChange={(customerId) => {
          onSearchChange({ ...search, customerId });
        }}
        onRefresh={refresh}
      />
      <div className="mt-6 mb-3 flex min-h-5 items-center">
        <ResultCount
          loaded={list.isSuccess ? devices.length : null}
          total={count.data}
          more={hasNextPage}
          filtered={mode.kind !== 'all'}
        />
      </div>
      {list.isLoadingError ? (
        <Card>
          <ErrorState
            title="The devices could not be loaded"
            error={list.error}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        </Card>
      ) : (
        <DeviceResults
          desktop={desktop}
          pending={list.isPending}
          devices={devices}
          access={access}
          withLastDownload={withLastDownload}
          selection={selection}
          filtered={mode.kind !== 'all'}
          loadingMore={isFetchingNextPage}
          loadMoreFailed={isFetchNextPageError}
          onNearEnd={onNearEnd}
          onRetryMore={() => void fetchNextPage()}
          onClearSearch={clearSearch}
          onChangeCustomer={changeOne}
          onChangeSelected={() => {
            openDialog(selection.devices);
          }}
        />
      )}
      <ChangeCustomerDialog
        open={dialog.open}
        devices={dialog.devices}
        isAdmin={isAdminRole(auth?.Role ?? '')}
        onClose={closeDialog}
        onSaved={() => {
          closeDialog();
          selection.clear();
        }}
      />
    </div>
  );
}
