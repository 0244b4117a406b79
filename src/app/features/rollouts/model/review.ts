import type * as v from 'valibot';
import {
  ROLLOUT_DEFAULTS,
  type RolloutKind,
  type RolloutOptionsSchema,
} from '@shared/libraries/rollouts';
import { ApiError } from '@app/lib/api-errors';

/** The review step's option fields: the schema's input, the shared defaults to start with. */
export type RolloutOptionValues = v.InferInput<typeof RolloutOptionsSchema>;
export const rolloutOptionDefaults = (): RolloutOptionValues => ({ ...ROLLOUT_DEFAULTS });

/**
 * A 400 about the target names its field as the body does (`Target.To` when starting, `To` in a
 * preview); the first step's fields carry the target's own names. Both land there.
 */
export const TARGET_FIELD_NAMES: Readonly<Record<string, string>> = {
  'Target.From': 'From',
  'Target.To': 'To',
  'Target.CustomerId': 'CustomerId',
  'Target.FirmwareId': 'FirmwareId',
  'Target.Kind': 'Kind',
};

/** A 400 that is about the chosen target (so the first step must change), not the options. */
export function isTargetError(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  const target = new Set([
    ...Object.keys(TARGET_FIELD_NAMES),
    ...Object.values(TARGET_FIELD_NAMES),
  ]);
  return Object.keys(error.fieldErrors).some((name) => target.has(name));
}

/** A 400 on `Target` as a whole: no device in scope would change by now. */
export const isNothingToUpdate = (error: unknown): boolean =>
  error instanceof ApiError && error.fieldErrors !== undefined && 'Target' in error.fieldErrors;

/** The column of a device's applied value in the preview. */
export const CURRENT_HEADERS: Record<RolloutKind, string> = {
  qtl: 'Current protocol',
  firmware: 'Current firmware',
  booter: 'Current booter',
};
