import { isUtf8 } from 'node:buffer';
import * as v from 'valibot';
import { TELEMETRY_FIELDS } from '../../shared/device-link';

/** A device message as the ingest queue takes it: the raw text plus what could be read from it. */
export interface IncomingMessage {
  imei: string;
  /** The body exactly as received. */
  raw: string;
  validJson: boolean;
  /** The parsed body when it was a JSON object; handed to event listeners. */
  data: Record<string, unknown> | null;
  /** Fields to merge into `devices.state`; empty for bodies that are not JSON objects. */
  patch: Record<string, unknown>;
  ackSettings: number[];
  ackRequests: number[];
  /** Server receive time: `raw_messages.time_stamp_server`, `devices.last_msg`, the counters. */
  at: Date;
}

export type ReadResult = { ok: true; message: IncomingMessage } | { ok: false; reason: string };

const MAX_IMEI_LENGTH = 32;
const MAX_EXTRA_STRING = 256;
const MAX_ACKS = 1000;
const NOT_STATE = new Set(['IMEI', 'Ack']);
const telemetry: Record<string, v.GenericSchema | undefined> = TELEMETRY_FIELDS;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** IMEIs arrive as strings or, from some firmware, as JSON numbers (15 digits fit a double). */
export function normalizeImei(value: unknown): string | null {
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0)
    text = String(value);
  else return null;
  return text.length > 0 && text.length <= MAX_IMEI_LENGTH ? text : null;
}

/** Acknowledged ids: positive integers (numeric strings tolerated); anything else is ignored. */
function ackIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = new Set<number>();
  for (const entry of (value as unknown[]).slice(0, MAX_ACKS)) {
    const id = typeof entry === 'string' && /^\d{1,15}$/.test(entry) ? Number(entry) : entry;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/**
 * The state patch: known telemetry fields that pass their check, plus other scalar fields
 * (strings kept short) so new firmware values show up without a server change.
 */
function statePatch(data: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (NOT_STATE.has(key)) continue;
    const schema = telemetry[key];
    if (schema) {
      const checked = v.safeParse(schema, value);
      if (checked.success) patch[key] = checked.output;
      continue;
    }
    const scalar =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= MAX_EXTRA_STRING);
    if (scalar) patch[key] = value;
  }
  return patch;
}

/**
 * Reads one request body. The text must be UTF-8 without NUL characters, since anything else
 * cannot be stored in a text column exactly as received. The IMEI comes from the body when it
 * is a JSON object with one, else from the fallback (`X-IMEI` header or `?imei=`).
 */
export function readMessage(
  body: Buffer,
  fallbackImei: string | undefined,
  at = new Date(),
): ReadResult {
  if (!isUtf8(body)) return { ok: false, reason: 'The body is not UTF-8 text' };
  const raw = body.toString('utf8');
  if (raw.includes('\u0000')) return { ok: false, reason: 'The body contains a NUL character' };

  let parsed: unknown;
  let validJson = true;
  try {
    parsed = JSON.parse(raw);
  } catch {
    validJson = false;
  }
  const data = validJson && isObject(parsed) ? parsed : null;
  const imei = normalizeImei(data?.IMEI) ?? normalizeImei(fallbackImei);
  if (!imei) {
    return {
      ok: false,
      reason: validJson
        ? 'The message has no IMEI'
        : 'The body is not JSON and no IMEI was given in the X-IMEI header or ?imei=',
    };
  }
  const ack = isObject(data?.Ack) ? data.Ack : {};
  return {
    ok: true,
    message: {
      imei,
      raw,
      validJson,
      data,
      patch: data ? statePatch(data) : {},
      ackSettings: ackIds(ack.Settings),
      ackRequests: ackIds(ack.Requests),
      at,
    },
  };
}
