import * as v from 'valibot';
import { TELEMETRY_FIELDS } from '@shared/devices/device-link';

type Telemetry = {
  [K in keyof typeof TELEMETRY_FIELDS]?: v.InferOutput<(typeof TELEMETRY_FIELDS)[K]>;
};

/** Binary fields whose both states a test wants to see (an output switched, an input toggled). */
export const TOGGLED_FIELDS = ['Output1', 'Output2', 'Output3', 'BinaryInput'] as const;
export type ToggledField = (typeof TOGGLED_FIELDS)[number];

/** Message types that carry tachograph data (docs/device-protocol.md): TachoLive and RDL. */
const TACHO_MESSAGE_TYPES = new Set(['TL', 'TC']);

/** What the device reported since the test (re)started: the evaluation's only input. */
export interface Observed {
  /** Readable (JSON object) messages. */
  messages: number;
  unreadable: number;
  lastAt: Date | null;
  /** Device clock minus server receive time of the latest message with a Timestamp; NaN: unreadable. */
  clockSkewSeconds: number | null;
  /** The latest valid value of each telemetry field. */
  values: Telemetry;
  /** Whether the latest message reported a private switch as on (when the device sends one). */
  privateSwitch: boolean | null;
  /** The last driver key read during the test (kept after the key is removed). */
  ibutton: string | null;
  /** TachoLive (TL) and remote download (TC) messages. */
  tachoMessages: number;
  /** The states seen of each toggled field: bit 0 for 0 (off), bit 1 for 1 (on). */
  seen: Partial<Record<ToggledField, number>>;
}

export const emptyObserved = (): Observed => ({
  messages: 0,
  unreadable: 0,
  lastAt: null,
  clockSkewSeconds: null,
  values: {},
  privateSwitch: null,
  ibutton: null,
  tachoMessages: 0,
  seen: {},
});

const binaryOf = (value: unknown): boolean | null =>
  value === 1 || value === true ? true : value === 0 || value === false ? false : null;

const isTachoMessage = (data: Record<string, unknown>): boolean =>
  typeof data.MessageType === 'string' && TACHO_MESSAGE_TYPES.has(data.MessageType.toUpperCase());

/** Takes one stored device message into the observation (invalid fields are skipped). */
export function observe(
  observed: Observed,
  at: Date,
  data: Record<string, unknown> | null,
): Observed {
  if (!data) return { ...observed, unreadable: observed.unreadable + 1 };
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(TELEMETRY_FIELDS)) {
    if (!(field in data)) continue;
    const parsed = v.safeParse(schema, data[field]);
    if (parsed.success) values[field] = parsed.output;
  }
  const seen = { ...observed.seen };
  for (const field of TOGGLED_FIELDS) {
    const state = values[field];
    if (state === 0 || state === 1) seen[field] = (seen[field] ?? 0) | (1 << state);
  }
  let clockSkewSeconds = observed.clockSkewSeconds;
  if ('Timestamp' in data) {
    const device = typeof data.Timestamp === 'string' ? Date.parse(data.Timestamp) : NaN;
    clockSkewSeconds = (device - at.getTime()) / 1000;
  }
  const key = values.Ibutton;
  return {
    messages: observed.messages + 1,
    unreadable: observed.unreadable,
    lastAt: at,
    clockSkewSeconds,
    values: { ...observed.values, ...values },
    privateSwitch: 'PrivateSwitch' in data ? binaryOf(data.PrivateSwitch) : observed.privateSwitch,
    ibutton: typeof key === 'string' && key !== '' ? key : observed.ibutton,
    tachoMessages: observed.tachoMessages + (isTachoMessage(data) ? 1 : 0),
    seen,
  };
}

/** Whether both states of a toggled field were seen during the test. */
export const sawBoth = (observed: Observed, field: ToggledField): boolean =>
  observed.seen[field] === 3;
