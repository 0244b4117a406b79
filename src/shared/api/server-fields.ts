import * as v from 'valibot';
import { PORT_NOT_A_NUMBER, PORT_RANGE, STATUS_INVALID, STATUS_REQUIRED } from './server-status';

/** A Status field (spec 02 §3): 0 Server Down, 1 Server Up & Running. */
export const statusField = v.pipe(
  v.optional(v.nullable(v.number(STATUS_INVALID)), null),
  v.check((value) => value !== null, STATUS_REQUIRED),
  v.check((value) => value === null || value === 0 || value === 1, STATUS_INVALID),
  v.transform((value) => value as number),
);

/**
 * A port field with the form's messages. The form's number field gives null for empty and NaN
 * for text; JSON gives anything.
 */
export const portField = (messages: { required: string; tooLow: string; tooHigh: string }) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((value) => value !== undefined && value !== null && value !== '', messages.required),
    v.check((value) => typeof value === 'number' && Number.isInteger(value), PORT_NOT_A_NUMBER),
    v.transform((value) => value as number),
    v.minValue(PORT_RANGE.min, messages.tooLow),
    v.maxValue(PORT_RANGE.max, messages.tooHigh),
  );
