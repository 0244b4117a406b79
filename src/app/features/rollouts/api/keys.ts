import type { RolloutDeviceState } from '@shared/libraries/rollout-views';
import type { MassUpdateTarget } from '@shared/libraries/rollouts';

/** Query and mutation keys of the rollouts (one factory, no inline keys). */
export const rolloutKeys = {
  all: ['rollouts'] as const,
  /** `GET rollouts/`: every page loaded, newest first. */
  lists: () => [...rolloutKeys.all, 'list'] as const,
  /** `GET rollouts/{id}`. */
  detail: (id: number) => [...rolloutKeys.all, 'detail', id] as const,
  /** Every state's device list of one rollout. */
  devices: (id: number) => [...rolloutKeys.all, 'devices', id] as const,
  /** `GET rollouts/{id}/devices?state=`: one state's devices, or all ('all'). */
  deviceList: (id: number, state: RolloutDeviceState | null) =>
    [...rolloutKeys.devices(id), state ?? 'all'] as const,
  /** `POST rollouts/preview`: what a mass update of this target would do. */
  preview: (target: MassUpdateTarget | null) => [...rolloutKeys.all, 'preview', target] as const,
  start: () => [...rolloutKeys.all, 'start'] as const,
  action: (id: number) => [...rolloutKeys.all, 'action', id] as const,
};
