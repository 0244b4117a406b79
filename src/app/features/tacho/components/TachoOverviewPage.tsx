import { useId, useMemo, useState } from 'react';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type {
  TACHO_DRIVER_OVERVIEW_FILTERS,
  TACHO_OBJECT_OVERVIEW_FILTERS,
  TachoLatestRow,
  TachoSearchField,
} from '@shared/tacho/tacho-lists';
import {
  DESKTOP_QUERY,
  ListPage,
  useMediaQuery,
  useRowSelection,
  useServerList,
  type SearchBinding,
  type SelectionOptions,
  type ServerListSource,
} from '@app/components/list';
import { PageHeader } from '@app/components/ui/PageHeader';
import { useNow } from '@app/lib/use-now';
import { useSession } from '@app/lib/use-session';
import { driverOverviewList, objectOverviewList } from '@app/features/tacho/api/tacho-lists';
import { filtersFor, tachoAccess } from '@app/features/tacho/model/tacho-access';
import {
  OVERVIEW_SCREENS,
  PANEL_MAX_NAMES,
  panelNames,
} from '@app/features/tacho/model/tacho-screens';
import { FilesPanel } from './FilesPanel';
import { FilesSheet } from './FilesSheet';
import { overviewColumns } from './overview-columns';

const latestKey = (row: TachoLatestRow) => row.Id;

interface Props<F extends TachoSearchField> {
  kind: TachoKind;
  source: ServerListSource<TachoLatestRow, F>;
  binding: SearchBinding<F>;
}

export function ObjectOverviewPage(
  binding: SearchBinding<(typeof TACHO_OBJECT_OVERVIEW_FILTERS)[number]>,
) {
  return (
    <TachoOverviewPage kind={TACHO_KINDS.vehicle} source={objectOverviewList} binding={binding} />
  );
}

export function DriverOverviewPage(
  binding: SearchBinding<(typeof TACHO_DRIVER_OVERVIEW_FILTERS)[number]>,
) {
  return (
    <TachoOverviewPage kind={TACHO_KINDS.driver} source={driverOverviewList} binding={binding} />
  );
}

/**
 * Object Overview (/tachoobject) and Driver Overview (/tachodriver), spec 03 §2: the latest
 * download per licence plate or driver name with days left and next RDL date; ticked rows fill
 * the side panel with their files (desktop: beside the list; phones: a sheet from the bottom).
 */
function TachoOverviewPage<F extends TachoSearchField>({ kind, source, binding }: Props<F>) {
  const screen = OVERVIEW_SCREENS[kind];
  const auth = useSession()?.auth;
  const access = useMemo(() => tachoAccess(auth), [auth]);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // Days left count down; a minute is precise enough for a number of days.
  const now = useNow(60_000);

  // The Object Overview's IMEI filter is for resellers only (spec 03 §2); a URL naming it
  // anyway falls back to the first filter.
  const filters = useMemo(() => filtersFor(source.filters, access, true), [source, access]);
  const search = useMemo(
    () =>
      filters.includes(binding.search.filter)
        ? binding.search
        : { ...binding.search, filter: filters[0] },
    [filters, binding.search],
  );
  const list = useServerList(source, { search, onSearchChange: binding.onSearchChange });
  const controller = useMemo(() => ({ ...list, filters }), [list, filters]);
  const columns = useMemo(
    () => overviewColumns(kind, access.customers, now),
    [kind, access.customers, now],
  );

  // Kept on outside clicks: the panel (or the phone's sheet) reads the selection.
  const selected = useRowSelection(latestKey, true);
  const selection = useMemo<SelectionOptions<TachoLatestRow>>(
    () => ({
      state: selected,
      label: (r) =>
        `Select ${(kind === TACHO_KINDS.vehicle ? r.LicensePlate : r.Name) ?? r.FileName}`,
      allLabel: `Select all loaded ${screen.noun.many}`,
      disabledReason: undefined,
    }),
    [selected, kind, screen.noun.many],
  );
  const { names, capped } = useMemo(() => panelNames(kind, selected.rows), [kind, selected.rows]);
  const headingId = useId();
  const [sheetOpen, setSheetOpen] = useState(false);

  const cappedNote = capped && (
    <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900">
      The files of the first {PANEL_MAX_NAMES} selected {screen.subject.many} are shown.
    </p>
  );

  return (
    <div className="mx-auto w-full max-w-[120rem] flex-1 px-4 py-5 sm:px-6 sm:py-8 lg:px-5 xl:px-8">
      <PageHeader title={screen.title} />
      {/* A narrower panel at 1024 px leaves the list room for its key columns (issue 25). */}
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-5 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <ListPage
            embedded
            title={screen.title}
            list={controller}
            columns={columns}
            rowKey={latestKey}
            noun={screen.noun}
            empty={screen.empty}
            customerFilter={access.customers}
            selection={selection}
          />
        </div>
        {desktop && (
          <aside
            aria-labelledby={headingId}
            className="sticky top-4 flex max-h-[calc(100dvh-2rem)] min-h-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            {cappedNote}
            <FilesPanel kind={kind} names={names} headingId={headingId} />
          </aside>
        )}
      </div>
      {!desktop && (
        <FilesSheet
          kind={kind}
          names={names}
          open={sheetOpen}
          onOpen={() => {
            setSheetOpen(true);
          }}
          onClose={() => {
            setSheetOpen(false);
          }}
          onClear={selected.clear}
          note={cappedNote}
        />
      )}
    </div>
  );
}
