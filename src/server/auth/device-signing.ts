import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DEVICE_CLOCK_WINDOW_SECONDS,
  DEVICE_SIGNATURE_HEADER,
  DEVICE_TIMESTAMP_HEADER,
} from '@shared/devices/device-link';

/**
 * The device link's request signature (docs/device-protocol.md), in one place for the server,
 * the simulator, the benchmarks and the tests. Device side too, so it imports nothing but
 * node:crypto and the shared protocol.
 */

/** A new device credential: 32 random bytes as base64url (43 characters). */
export function newDeviceCredential(): string {
  return randomBytes(32).toString('base64url');
}

/** Unix seconds, as devices send them. */
export const unixSeconds = (ms = Date.now()): number => Math.floor(ms / 1000);

/** The HMAC-SHA256 of `timestamp + "." + body`, keyed with the credential's text. */
export function deviceSignature(
  credential: string,
  timestamp: string,
  body: Buffer | string,
): Buffer {
  return createHmac('sha256', credential).update(`${timestamp}.`).update(body).digest();
}

/** The two headers that authenticate one device message. */
export function signDeviceMessage(
  credential: string,
  body: Buffer | string,
  timestamp: number = unixSeconds(),
): Record<string, string> {
  const seconds = String(timestamp);
  return {
    [DEVICE_TIMESTAMP_HEADER]: seconds,
    [DEVICE_SIGNATURE_HEADER]: deviceSignature(credential, seconds, body).toString('hex'),
  };
}

/** The signature header as bytes; null unless it is exactly 64 hex digits. */
export function parseSignature(header: unknown): Buffer | null {
  if (typeof header !== 'string' || !/^[0-9a-fA-F]{64}$/.test(header)) return null;
  return Buffer.from(header, 'hex');
}

/** The timestamp header as Unix seconds; null unless it is a plain decimal integer. */
export function parseTimestamp(header: unknown): number | null {
  if (typeof header !== 'string' || !/^\d{1,12}$/.test(header)) return null;
  return Number(header);
}

/**
 * Whether a timestamp is within the replay window of the server's clock, the same inclusive bound
 * both ways. Both sides are whole seconds: against the fractional clock, now − 300 s fell outside
 * while now + 300 s was inside.
 */
export function timestampIsFresh(seconds: number, nowMs = Date.now()): boolean {
  return Math.abs(seconds - unixSeconds(nowMs)) <= DEVICE_CLOCK_WINDOW_SECONDS;
}

/** Constant-time comparison of a received signature with the expected one. */
export function signatureMatches(
  credential: string,
  timestamp: string,
  body: Buffer | string,
  signature: Buffer,
): boolean {
  const expected = deviceSignature(credential, timestamp, body);
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}
