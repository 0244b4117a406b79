import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TachoKind } from '@shared/tacho/tacho';
import type { TachoFileRow } from '@shared/tacho/tacho-lists';
import { RowIconButton } from '@app/components/list/table';
import { EmptyState } from '@app/components/ui/EmptyState';
import { InboxIcon } from '@app/components/ui/icons';
import { QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { Spinner } from '@app/components/ui/Spinner';
import { downloadTachoFile } from '@app/features/tacho/api/tacho-actions';
import { panelFilesQueryOptions } from '@app/features/tacho/api/tacho-queries';
import {
  defaultPanelRange,
  isValidRange,
  type PanelRange,
} from '@app/features/tacho/model/panel-range';
import { periodDays, periodText } from '@app/features/tacho/model/tacho-display';
import { OVERVIEW_SCREENS, panelTitle } from '@app/features/tacho/model/tacho-screens';
import { DateField } from './DateField';
import { DownloadIcon } from './tacho-icons';
import { ValidStateIcon } from './TachoCells';

interface FilesPanelProps {
  kind: TachoKind;
  /** The selected licence plates or driver names. */
  names: readonly string[];
  /** The heading's id, for the panel's region name; none in a sheet (its title says it). */
  headingId?: string | undefined;
}

/**
 * The overviews' side panel (spec 03 §2): the selected vehicles' or drivers' files between a
 * start and an end date (defaults: the last 3 months / 1 month through today), each with a
 * download icon.
 */
export function FilesPanel({ kind, names, headingId }: FilesPanelProps) {
  const subject = OVERVIEW_SCREENS[kind].subject;
  const [range, setRange] = useState<PanelRange>(() => defaultPanelRange(kind));
  // Half-typed dates keep the last valid range on screen instead of an error per keystroke.
  const [shown, setShown] = useState(range);
  const valid = isValidRange(range);
  if (valid && (range.from !== shown.from || range.to !== shown.to)) setShown(range);

  // The previous answer stays while another selection or range loads: no flash of a skeleton.
  const files = useQuery({
    ...panelFilesQueryOptions(kind, names, shown),
    placeholderData: keepPreviousData,
  });
  const count = names.length;

  return (
    <div className="flex min-h-0 flex-col">
      <div className="border-b border-slate-100 px-4 py-3">
        {(headingId !== undefined || files.isFetching) && (
          <div className="flex min-h-6 items-center gap-2">
            {headingId && (
              <h2 id={headingId} className="text-sm font-semibold text-slate-900">
                {panelTitle(kind, count)}
              </h2>
            )}
            {files.isFetching && (
              <Spinner className="size-4 text-brand-700" label="Loading files" />
            )}
          </div>
        )}
        {count > 0 && (
          <p className="mt-0.5 truncate text-xs text-slate-600" title={names.join(', ')}>
            {names.join(', ')}
          </p>
        )}
      </div>
      {/* The panel is narrower at 1024 px: the dates stack there, whole. */}
      <div className="grid grid-cols-2 gap-3 border-b border-slate-100 px-4 py-3 lg:grid-cols-1 xl:grid-cols-2">
        <DateField
          label="Start date"
          value={range.from}
          max={range.to}
          onChange={(from) => {
            setRange((r) => ({ ...r, from }));
          }}
        />
        <DateField
          label="End date"
          value={range.to}
          min={range.from}
          onChange={(to) => {
            setRange((r) => ({ ...r, to }));
          }}
          error={valid ? undefined : 'Choose an end date on or after the start date'}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {count === 0 ? (
          <EmptyState icon={InboxIcon} title={`No ${subject.many} selected`}>
            Tick {subject.many} in the list to see their files.
          </EmptyState>
        ) : files.isPending ? (
          <div className="px-4">
            <TableSkeleton label="Loading files" rows={3} />
          </div>
        ) : files.isError ? (
          <QueryError title="The files could not be loaded" query={files} />
        ) : files.data.length === 0 ? (
          <EmptyState icon={InboxIcon} title="No files found">
            No downloads between these dates.
          </EmptyState>
        ) : (
          <ul aria-label="Files" className="divide-y divide-slate-100">
            {files.data.map((file) => (
              <FileItem key={file.Id} file={file} kind={kind} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function FileItem({ file, kind }: { file: TachoFileRow; kind: TachoKind }) {
  const subject =
    OVERVIEW_SCREENS[kind].subject.key === 'LicensePlate' ? file.LicensePlate : file.Name;
  const period = `${periodText(file.TimeStampFrom)} – ${periodText(file.TimeStampTo)}`;
  return (
    <li className="flex items-center gap-3 py-2 pr-2 pl-4">
      <ValidStateIcon state={file.ValidState} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={file.FileName}>
          {file.FileName}
        </p>
        {subject && <p className="truncate text-xs font-medium text-slate-700">{subject}</p>}
        {/* The days fit the narrow panel; the times are in the tooltip. */}
        <p className="truncate text-xs text-slate-600 tabular-nums" title={period}>
          {periodDays(file.TimeStampFrom)} – {periodDays(file.TimeStampTo)}
        </p>
      </div>
      <RowIconButton
        icon={DownloadIcon}
        label={`Download ${file.FileName}`}
        onClick={() => {
          void downloadTachoFile(file);
        }}
      />
    </li>
  );
}
