import { isUtf8 } from 'node:buffer';
import * as v from 'valibot';
import { DEVICE_IMEI_PATTERN, TELEMETRY_FIELDS } from '@shared/devices/device-link';
import { MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';

/** The authentication headers of a message (signing.ts), checked against the device's credential. */
export interface MessageSignature {
  /** X-Device-Timestamp exactly as sent: the signed text. */
  timestamp: string;
  /** X-Device-Signature as bytes. */
  signature: Buffer;
}

/** A device message as the ingest queue takes it: the raw text plus what could be read from it. */
export interface IncomingMessage {
  imei: string;
  /** The body exactly as received. */
  raw: string;
  /** The body's bytes, which the signature covers. */
  body: Buffer;
  signed: MessageSignature;
  validJson: boolean;
  /** The parsed body when it was a JSON object; handed to event listeners. */
  data: Record<string, unknown> | null;
  /**
   * The message type that routes it to forwards (MESSAGE_TYPE_IDS): the body's `MessageType`,
   * RT when it has none; null (not forwarded) for a body that is not a JSON object or names a
   * type that does not exist.
   */
  messageType: number | null;
  /** Telemetry fields to merge into `devices.state`; empty for bodies that are not JSON objects. */
  patch: Record<string, unknown>;
  ackSettings: number[];
  ackRequests: number[];
  /** Settings the device could not apply (a library file's checksum, a refused image). */
  ackFailures: SettingFailure[];
  /** Server receive time: `raw_messages.time_stamp_server`, `devices.last_msg`, the counters. */
  at: Date;
}

export type ReadResult = { ok: true; message: IncomingMessage } | { ok: false; reason: string };

const MAX_ACKS = 1000;
const telemetry: Readonly<Record<string, v.GenericSchema>> = TELEMETRY_FIELDS;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * IMEIs arrive as digit strings or, from some firmware, as JSON numbers (15 digits fit a double).
 * A string must be exactly the IMEI: ' 861692040000017' is not taken for it.
 */
export function normalizeImei(value: unknown): string | null {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0)
    text = String(value);
  else return null;
  return DEVICE_IMEI_PATTERN.test(text) ? text : null;
}

const NO_IMEI = 'The message has no IMEI (1 to 20 digits)';
const WRONG_BODY_IMEI = "The message's IMEI must be 1 to 20 digits, nothing else";

export interface SettingFailure {
  id: number;
  reason: string;
}

const MAX_REASON = 200;

/** `Ack.Failed`: `{ Id, Reason }` entries; entries without a valid Id are ignored. */
function ackFailures(value: unknown): SettingFailure[] {
  if (!Array.isArray(value)) return [];
  const failures = new Map<number, string>();
  for (const entry of (value as unknown[]).slice(0, MAX_ACKS)) {
    if (!isObject(entry)) continue;
    const [id] = ackIds([Object.hasOwn(entry, 'Id') ? entry.Id : undefined]);
    if (id === undefined) continue;
    const reason = Object.hasOwn(entry, 'Reason') ? entry.Reason : undefined;
    // Cut, then cleaned to text PostgreSQL can store: no NUL, no lone surrogate (in unicode
    // mode a pair is one code point outside the class; a cut one is alone).
    const text =
      typeof reason === 'string'
        ? reason
            .slice(0, MAX_REASON)
            .replace(/\0|[\ud800-\udfff]/gu, '')
            .trim()
        : '';
    failures.set(id, text || 'No reason given');
  }
  return [...failures].map(([id, reason]) => ({ id, reason }));
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
 * The state patch: the documented telemetry fields that pass their check, nothing else, so the
 * state stays small whatever a device sends. Keys are looked up as own properties only: a key
 * named `toString` or `__proto__` must not reach Object.prototype.
 */
function statePatch(data: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(telemetry)) {
    if (!Object.hasOwn(data, key)) continue;
    const checked = v.safeParse(schema, data[key]);
    if (checked.success) patch[key] = checked.output;
  }
  return patch;
}

/** `MessageType`: RT, TD, TL or TC (any case); absent means RT (tracking). */
function messageTypeOf(value: unknown): number | null {
  if (value === undefined || value === null) return MESSAGE_TYPE_IDS.RT;
  if (typeof value !== 'string') return null;
  const name = value.trim().toUpperCase();
  return Object.hasOwn(MESSAGE_TYPE_IDS, name)
    ? MESSAGE_TYPE_IDS[name as keyof typeof MESSAGE_TYPE_IDS]
    : null;
}

/**
 * Reads one request body. The text must be UTF-8 without NUL characters, since anything else
 * cannot be stored in a text column exactly as received. The IMEI comes from the body when it
 * is a JSON object with one, else from the fallback (`X-IMEI` header or `?imei=`).
 */
export function readMessage(
  body: Buffer,
  fallbackImei: string | undefined,
  signed: MessageSignature,
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
  const own = (key: string): unknown => (data && Object.hasOwn(data, key) ? data[key] : undefined);
  // The body's IMEI wins; one that is there but wrong is refused, not replaced by the fallback.
  const bodyImei = own('IMEI');
  const inBody = bodyImei !== undefined && bodyImei !== null;
  const imei = inBody ? normalizeImei(bodyImei) : normalizeImei(fallbackImei);
  if (!imei) {
    return {
      ok: false,
      reason: inBody
        ? WRONG_BODY_IMEI
        : validJson
          ? NO_IMEI
          : 'The body is not JSON and no IMEI (1 to 20 digits) was given in the X-IMEI header or ?imei=',
    };
  }
  const ackField = own('Ack');
  const ack = isObject(ackField) ? ackField : {};
  return {
    ok: true,
    message: {
      imei,
      raw,
      body,
      signed,
      validJson,
      data,
      messageType: data ? messageTypeOf(own('MessageType')) : null,
      patch: data ? statePatch(data) : {},
      ackSettings: ackIds(Object.hasOwn(ack, 'Settings') ? ack.Settings : undefined),
      ackRequests: ackIds(Object.hasOwn(ack, 'Requests') ? ack.Requests : undefined),
      ackFailures: ackFailures(Object.hasOwn(ack, 'Failed') ? ack.Failed : undefined),
      at,
    },
  };
}
