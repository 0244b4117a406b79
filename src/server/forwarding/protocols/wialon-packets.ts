import { messageIdOf } from '@server/forwarding/envelope';
import type { OutgoingMessage } from './types';

/**
 * Wialon IPS 2.0 packets (Gurtam's text protocol for trackers): `#TYPE#fields;CRC16\r\n`. The
 * checksum is CRC-16/ARC (polynomial 0xA001 reflected, initial 0) of the text between the type's
 * `#` and the checksum, as four upper-case hex digits. A message becomes the fields of a data
 * packet (`#D#`, or one of a black box packet `#B#`'s `|`-separated entries):
 *
 *   date;time;lat;N|S;lon;E|W;speed;course;height;sats;hdop;inputs;outputs;adc;ibutton;params
 *
 * with NA for what the message does not have; `params` are `name:type:value` (1 integer, 2 real,
 * 3 text), comma-separated, and always carry `msgid` (our MessageId) so a server can drop a
 * duplicate, and `type` (RT, TD…).
 */

export const WIALON_PROTOCOL_VERSION = '2.0';
/** The most messages the protocol allows in one black box packet. */
export const WIALON_BLACKBOX_MAX = 5000;

export function crc16Arc(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const crcHex = (text: string) => crc16Arc(text).toString(16).toUpperCase().padStart(4, '0');

/** What a text field may not contain: the protocol's separators, line ends, other controls. */
const UNSAFE = /[;,|#:\r\n\p{Cc}]/gu;
const MAX_TEXT = 64;

/** A text made safe for a field or a param's value (separators dropped, at most 64 characters). */
export const wialonText = (value: string) => value.replace(UNSAFE, '').slice(0, MAX_TEXT);

/** True when a password cannot be carried in the login packet (a `;` would shift its fields). */
export const unsafeLoginField = (value: string) => /[;#\r\n]/.test(value);

export function loginPacket(imei: string, password: string | null): string {
  const text = `${WIALON_PROTOCOL_VERSION};${imei};${password || 'NA'};`;
  return `#L#${text}${crcHex(text)}\r\n`;
}

export function dataPacket(fields: string): string {
  const text = `${fields};`;
  return `#D#${text}${crcHex(text)}\r\n`;
}

export function blackboxPacket(entries: readonly string[]): string {
  const text = entries.map((fields) => `${fields}|`).join('');
  return `#B#${text}${crcHex(text)}\r\n`;
}

type Json = Record<string, unknown>;

const numberIn = (value: unknown, min: number, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? value
    : null;

const flagOf = (value: unknown): 0 | 1 | null =>
  value === 1 || value === true ? 1 : value === 0 || value === false ? 0 : null;

const two = (n: number) => String(n).padStart(2, '0');

/** DDMMYY;HHMMSS in UTC, from the device's Timestamp, else when the server stored the message. */
function dateTime(body: Json, receivedAt: string): string {
  const candidates = [body.Timestamp, receivedAt].filter((v): v is string => typeof v === 'string');
  const when = candidates.map((text) => new Date(text)).find((date) => !isNaN(date.getTime()));
  if (!when) return 'NA;NA';
  const date = `${two(when.getUTCDate())}${two(when.getUTCMonth() + 1)}${two(when.getUTCFullYear() % 100)}`;
  return `${date};${two(when.getUTCHours())}${two(when.getUTCMinutes())}${two(when.getUTCSeconds())}`;
}

/** Degrees as (D)DDMM.MMMM and its hemisphere letter, or NA;NA. */
function coordinate(value: number | null, degreeDigits: 2 | 3, [plus, minus]: [string, string]) {
  if (value === null) return 'NA;NA';
  // In ten-thousandths of a minute, so rounding never yields 60 minutes.
  const total = Math.round(Math.abs(value) * 60 * 10_000);
  const degrees = Math.floor(total / 600_000);
  const minutes = (total % 600_000) / 10_000;
  const text = `${String(degrees).padStart(degreeDigits, '0')}${minutes.toFixed(4).padStart(7, '0')}`;
  return `${text};${value < 0 ? minus : plus}`;
}

const integerOrNa = (value: number | null) => (value === null ? 'NA' : String(Math.round(value)));

/** A real number without exponent notation, or null. */
const real = (value: number | null) =>
  value === null || Math.abs(value) >= 1e15 ? null : String(Number(value.toFixed(6)));

function params(message: OutgoingMessage, body: Json): string {
  const list = [`msgid:3:${messageIdOf(message)}`, `type:3:${message.messageType}`];
  const odo = real(numberIn(body.Odo, 0, Number.MAX_VALUE));
  if (odo !== null) list.push(`odo:2:${odo}`);
  if (typeof body.VIN === 'string' && wialonText(body.VIN) !== '') {
    list.push(`vin:3:${wialonText(body.VIN)}`);
  }
  if (message.replayed) list.push('replayed:1:1');
  return list.join(',');
}

/**
 * A message's data fields (without checksum). Unknown or invalid values are NA, so a message
 * without a position still goes. Inputs: bit 0 Ignition, bit 1 IO1 (Wialon's in1, in2).
 */
export function wialonDataFields(message: OutgoingMessage): string {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(message.body);
  } catch {
    // Only valid JSON is forwarded; a broken body still goes, with what the envelope knows.
  }
  const body: Json = parsed !== null && typeof parsed === 'object' ? (parsed as Json) : {};
  const lat = numberIn(body.Lat, -90, 90);
  const lon = numberIn(body.Lon, -180, 180);
  const position = lat !== null && lon !== null;
  const speed = numberIn(body.Speed, 0, 1000);
  const heading = numberIn(body.Heading, 0, 360);
  const course = heading === null ? null : Math.round(heading) % 360;
  const sats = numberIn(body.SatCount, 0, 255);
  const ignition = flagOf(body.Ignition);
  const io1 = flagOf(body.IO1);
  const inputs =
    ignition === null && io1 === null ? 'NA' : String((ignition ?? 0) | ((io1 ?? 0) << 1));
  const ibutton = typeof body.Ibutton === 'string' ? wialonText(body.Ibutton) : '';
  return [
    dateTime(body, message.receivedAt),
    coordinate(position ? lat : null, 2, ['N', 'S']),
    coordinate(position ? lon : null, 3, ['E', 'W']),
    integerOrNa(speed),
    integerOrNa(course),
    'NA', // height
    integerOrNa(sats),
    'NA', // hdop
    inputs,
    'NA', // outputs
    '', // adc: none
    ibutton === '' ? 'NA' : ibutton,
    params(message, body),
  ].join(';');
}
