/**
 * The states of a rollout and of its devices: alone in this file so a route's search rule (the
 * rollout screen's state filter) can use them without the whole rollout model in the entry.
 */

export const ROLLOUT_STATES = ['running', 'paused', 'completed', 'cancelled'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/**
 * A device's way through a rollout: waiting for its stage, pending (its setting is stored),
 * sent (handed to the device), downloading (the device fetches the file), then applied or
 * failed (with the device's reason); cancelled when withdrawn (cancel, or its setting was
 * removed or changed on the device page).
 */
export const DEVICE_STATES = [
  'waiting',
  'pending',
  'sent',
  'downloading',
  'applied',
  'failed',
  'cancelled',
] as const;
export type RolloutDeviceState = (typeof DEVICE_STATES)[number];
/** States a device does not leave. */
export const FINAL_DEVICE_STATES: readonly RolloutDeviceState[] = [
  'applied',
  'failed',
  'cancelled',
];

export const STAGE_NAMES = ['Canary', 'Rest'] as const;
