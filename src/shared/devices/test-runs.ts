import * as v from 'valibot';
import { UUID_MESSAGE, UUID_PATTERN, uuidParam } from '@shared/api/ids';
import { TEST_ITEM_KEYS, TEST_ITEM_STATE, type TestItem } from './test-items';

/**
 * Runs of the installation test (docs/installation-test.md "Runs"): a run begins with setactive
 * and ends with a result, a stop, a restart or the idle limit. The client names a run with a UUID
 * of its own, so a start queued offline is one run however often it is sent, and the verdicts
 * made offline find their run when they arrive.
 */

/**
 * `GET devicetestsettings/setactive/{imei}?run={key}`: the key of the run this start begins — a
 * new one the client chose, so not an object id (a key of another device's run is refused).
 */
export const SetActiveQuerySchema = v.object({
  run: v.optional(
    v.pipe(
      v.string(UUID_MESSAGE),
      v.regex(UUID_PATTERN, UUID_MESSAGE),
      v.transform((key) => key.toLowerCase()),
    ),
  ),
});

export const RunKeyParamsSchema = v.object({ key: uuidParam('deviceTestRun') });

export const VERDICT_MESSAGES = {
  item: 'Must be an item of the test',
  value: 'Value must be the text the item showed (1 to 200 characters)',
  state: 'State must be 1 (correct) or 3 (incorrect)',
  note: 'Note must be at most 1000 characters',
  madeAt: 'MadeAt must be a date and time (ISO 8601)',
} as const;

/**
 * `POST devicetests/runs/{key}/verdicts`: a person's verdict on an item, bound to the value they
 * judged, made at `MadeAt` (their clock: verdicts made offline are merged in that order).
 */
export const VerdictBodySchema = v.pipe(
  v.object({
    Item: v.picklist(TEST_ITEM_KEYS, VERDICT_MESSAGES.item),
    Value: v.pipe(
      v.string(VERDICT_MESSAGES.value),
      v.minLength(1, VERDICT_MESSAGES.value),
      v.maxLength(200, VERDICT_MESSAGES.value),
    ),
    State: v.picklist([TEST_ITEM_STATE.ok, TEST_ITEM_STATE.failed], VERDICT_MESSAGES.state),
    Note: v.optional(
      v.nullable(
        v.pipe(v.string(VERDICT_MESSAGES.note), v.trim(), v.maxLength(1000, VERDICT_MESSAGES.note)),
      ),
      null,
    ),
    MadeAt: v.pipe(v.string(VERDICT_MESSAGES.madeAt), v.isoTimestamp(VERDICT_MESSAGES.madeAt)),
  }),
  v.examples([
    { Item: 'ignition', Value: 'ON', State: 1, Note: null, MadeAt: '2026-11-29T10:02:11.000Z' },
  ]),
);
export type VerdictBody = v.InferOutput<typeof VerdictBodySchema>;

export type RunEndReason = 'finished' | 'stopped' | 'restarted' | 'expired';

/** An item of a run as `GET devicetests/runs/{key}` answers it: who decided it, when a person did. */
export interface RunItem extends TestItem {
  ConfirmedBy?: string;
  ConfirmedAt?: string;
  Note?: string;
}

/** `GET devicetests/runs/{key}`: where a run stands (the page after a reconnect or a reload). */
export interface DeviceTestRun {
  Key: string;
  IMEI: string;
  StartedAt: string;
  EndedAt: string | null;
  EndReason: RunEndReason | null;
  Items: RunItem[];
  TestResult: string | null;
  ResultId: number | null;
}
