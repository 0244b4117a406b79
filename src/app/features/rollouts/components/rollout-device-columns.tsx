import { Link } from '@tanstack/react-router';
import { STAGE_NAMES, type RolloutDevice } from '@shared/libraries/rollout-views';
import { formatListDate, type ListColumn } from '@app/components/list';
import { focusRingInset } from '@app/components/ui/focus';
import { DEVICE_STATE_LABELS } from '@app/features/rollouts/model/progress';
import { DeviceStateBadge } from './StateBadge';

/** The IMEI as a link to the device's page, 44 px high, its focus ring inside the cell. */
function ImeiLink({ device }: { device: RolloutDevice }) {
  return (
    <Link
      to="/device/$id"
      params={{ id: device.DeviceId }}
      className={`-mx-1 inline-flex h-11 items-center rounded-sm px-1 font-medium text-brand-700 tabular-nums hover:text-brand-900 hover:underline ${focusRingInset}`}
    >
      {device.Imei}
    </Link>
  );
}

const stageOf = (d: RolloutDevice) => STAGE_NAMES[d.Stage] ?? String(d.Stage + 1);

/**
 * A rollout's devices: IMEI (to the device page), Name, Customer, Stage, State, the device's
 * Reason of a failure, and when its state last changed. At 1440 px every column fits.
 */
export const rolloutDeviceColumns: readonly ListColumn<RolloutDevice>[] = [
  {
    id: 'imei',
    header: 'IMEI',
    width: 136,
    card: 'title',
    sortable: true,
    text: (d) => d.Imei,
    cell: (d) => <ImeiLink device={d} />,
  },
  {
    id: 'name',
    header: 'Name',
    minWidth: 120,
    card: 'subtitle',
    sortable: true,
    text: (d) => d.Name,
  },
  { id: 'customer', header: 'Customer', minWidth: 120, sortable: true, text: (d) => d.Customer },
  { id: 'stage', header: 'Stage', width: 96, sortable: true, text: stageOf },
  {
    id: 'state',
    header: 'State',
    width: 124,
    card: 'badge',
    sortable: true,
    text: (d) => DEVICE_STATE_LABELS[d.State],
    cell: (d) => <DeviceStateBadge state={d.State} />,
  },
  { id: 'reason', header: 'Reason', minWidth: 180, card: 'wide', text: (d) => d.Reason },
  {
    id: 'updated',
    header: 'Updated',
    width: 128,
    className: 'tabular-nums',
    sortable: true,
    text: (d) => formatListDate(d.UpdatedAt),
    sortValue: (d) => d.UpdatedAt,
  },
];
