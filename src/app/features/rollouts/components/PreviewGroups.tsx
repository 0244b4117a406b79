import {
  PREVIEW_GROUP_LABELS,
  PREVIEW_GROUPS,
  type PreviewDevice,
  type PreviewGroup,
  type RolloutKind,
  type RolloutPreview,
} from '@shared/libraries/rollouts';
import { formatListDate, orDash, ResponsiveTable, type Column } from '@app/components/list/table';
import { focusRingInset } from '@app/components/ui/focus';
import { ChevronDownIcon } from '@app/components/ui/icons';
import { CURRENT_HEADERS } from '@app/features/rollouts/model/review';

const DOTS: Record<PreviewGroup, string> = {
  change: 'bg-emerald-600',
  offline: 'bg-amber-500',
  onTarget: 'bg-slate-400',
  incompatible: 'bg-slate-400',
  oldCan: 'bg-slate-400',
  busy: 'bg-slate-400',
};

const columnsOf = (kind: RolloutKind): Column<PreviewDevice>[] => [
  { header: 'IMEI', className: 'tabular-nums', cell: (d) => d.Imei },
  { header: 'Name', cell: (d) => orDash(d.Name) },
  { header: 'Customer', cell: (d) => orDash(d.Customer) },
  { header: CURRENT_HEADERS[kind], cell: (d) => orDash(d.Current) },
  {
    header: 'Last message',
    className: 'tabular-nums whitespace-nowrap',
    cell: (d) => (d.LastMsg === null ? 'Never' : formatListDate(d.LastMsg)),
  },
];
const deviceKey = (d: PreviewDevice) => d.Id;

/**
 * The devices in scope by group (spec: PREVIEW_GROUPS), each a section that opens to its first
 * devices; the groups the rollout updates say so. Empty groups show their zero, closed.
 */
export function PreviewGroups({
  preview,
  includeOffline,
}: {
  preview: RolloutPreview;
  includeOffline: boolean;
}) {
  const columns = columnsOf(preview.Kind);
  return (
    <div className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
      {PREVIEW_GROUPS.map((group) => {
        const count = preview.Counts[group];
        const updated = group === 'change' || (group === 'offline' && includeOffline);
        const heading = (
          <>
            <span
              aria-hidden="true"
              className={`size-2.5 shrink-0 rounded-full ${count > 0 ? DOTS[group] : 'bg-slate-200'}`}
            />
            <span className="min-w-0 flex-1">
              <span className={count > 0 ? 'font-medium text-slate-900' : 'text-slate-600'}>
                {PREVIEW_GROUP_LABELS[group]}
              </span>
              {updated && count > 0 && (
                <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
                  Updated
                </span>
              )}
            </span>
            <span className="font-semibold text-slate-900 tabular-nums">{count}</span>
          </>
        );
        if (count === 0) {
          return (
            <div key={group} className="flex min-h-11 items-center gap-3 px-3 py-2 pl-10 text-sm">
              {heading}
            </div>
          );
        }
        const devices = preview.Devices[group];
        return (
          <details key={group} className="group">
            <summary
              className={`flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-xl px-3 py-2 text-sm hover:bg-slate-50 [&::-webkit-details-marker]:hidden ${focusRingInset}`}
            >
              <ChevronDownIcon
                aria-hidden="true"
                className="size-4 shrink-0 -rotate-90 text-slate-500 transition-transform group-open:rotate-0 motion-reduce:transition-none"
              />
              {heading}
            </summary>
            <div className="px-3 pb-3">
              <ResponsiveTable
                label={PREVIEW_GROUP_LABELS[group]}
                columns={columns}
                rows={devices}
                rowKey={deviceKey}
              />
              {count > devices.length && (
                <p className="mt-2 text-xs text-slate-600">
                  The first {devices.length} of {count} devices, by IMEI.
                </p>
              )}
            </div>
          </details>
        );
      })}
    </div>
  );
}
