import { useMemo } from 'react';
import type { Rollout, RolloutDevice, RolloutDeviceState } from '@shared/libraries/rollout-views';
import {
  ListPage,
  useListSearchState,
  usePagedClientList,
  type ClientFields,
} from '@app/components/list';
import { rolloutDevicesInfiniteOptions } from '@app/features/rollouts/api/rollouts';
import {
  DEVICE_STATE_LABELS,
  rolloutCounts,
  rolloutDevices,
} from '@app/features/rollouts/model/progress';
import { useDevicesFollowProgress } from '@app/features/rollouts/model/use-devices-follow-progress';
import { rolloutDeviceColumns } from './rollout-device-columns';
import { StateFilter } from './StateFilter';

type DeviceFilter = 'IMEI' | 'Name' | 'Customer' | 'Reason';
const FIELDS: ClientFields<RolloutDevice, DeviceFilter> = {
  IMEI: (d) => d.Imei,
  Name: (d) => d.Name,
  Customer: (d) => d.Customer,
  Reason: (d) => d.Reason,
};
const NOUN = { one: 'device', many: 'devices' };
const deviceKey = (d: RolloutDevice) => d.DeviceId;

interface RolloutDevicesProps {
  rollout: Rollout;
  /** The state filter (in the route's URL); null for every device. */
  state: RolloutDeviceState | null;
  onStateChange: (state: RolloutDeviceState | null) => void;
}

/**
 * A rollout's devices, filtered by state on the server and searched in the browser over the
 * loaded pages (all of them load while a search is on), virtualised and loaded 100 at a time as
 * the end of the list nears. They reload when the rollout's counts move.
 */
export function RolloutDevices({ rollout, state, onStateChange }: RolloutDevicesProps) {
  useDevicesFollowProgress(rollout);
  const binding = useListSearchState<DeviceFilter>('IMEI');
  const list = usePagedClientList(rolloutDevicesInfiniteOptions(rollout.Id, state), {
    ...binding,
    fields: FIELDS,
  });
  const counts = rolloutCounts(rollout);
  const all = rolloutDevices(rollout);
  const total = state === null ? all : counts[state];
  // The rollout's own counts tell how many rows the list has.
  const controller = { ...list, count: { ...list.count, total } };
  const empty = useMemo(
    () => ({
      title: 'No devices found',
      text:
        state === null
          ? 'This rollout has no devices.'
          : `No device of this rollout is ${DEVICE_STATE_LABELS[state].toLowerCase()}.`,
    }),
    [state],
  );

  return (
    <div className="mt-8">
      {/* Seen by the eye; screen readers get the list's own heading just after. */}
      <p aria-hidden="true" className="mb-3 text-lg font-semibold text-slate-900">
        Devices
      </p>
      <ListPage
        embedded
        title="Devices"
        actions={<StateFilter counts={counts} total={all} state={state} onChange={onStateChange} />}
        list={controller}
        columns={rolloutDeviceColumns}
        rowKey={deviceKey}
        noun={NOUN}
        empty={empty}
        endText="End of Data"
      />
    </div>
  );
}
