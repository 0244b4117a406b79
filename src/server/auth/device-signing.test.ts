import { describe, expect, it } from 'vitest';
import { DEVICE_CLOCK_WINDOW_SECONDS } from '@shared/devices/device-link';
import {
  newDeviceCredential,
  parseSignature,
  parseTimestamp,
  signatureMatches,
  signDeviceMessage,
  timestampIsFresh,
  unixSeconds,
} from './device-signing';

// The example of docs/device-protocol.md, as `openssl dgst -sha256 -hmac` computes it.
const CREDENTIAL = 'bWFkZS11cC1leGFtcGxlLWNyZWRlbnRpYWwtMDAwMDA';
const BODY = '{"IMEI":"861692040000017","Lat":52.37}';
const SIGNATURE = 'cc20e0583489c9c656e9d058e15532656611eb89b7bd147ff9290314923f9e99';

describe('device message signing', () => {
  it('is HMAC-SHA256 keyed with the credential text over "timestamp.body"', () => {
    expect(signDeviceMessage(CREDENTIAL, BODY, 1764000000)).toEqual({
      'x-device-timestamp': '1764000000',
      'x-device-signature': SIGNATURE,
    });
    expect(signDeviceMessage(CREDENTIAL, Buffer.from(BODY), 1764000000)).toEqual(
      signDeviceMessage(CREDENTIAL, BODY, 1764000000),
    );
  });

  it('verifies only the exact credential, timestamp and body', () => {
    const signature = parseSignature(SIGNATURE);
    if (!signature) throw new Error('unparsed');
    expect(signatureMatches(CREDENTIAL, '1764000000', BODY, signature)).toBe(true);
    expect(signatureMatches(CREDENTIAL, '1764000001', BODY, signature)).toBe(false);
    expect(signatureMatches(CREDENTIAL, '1764000000', `${BODY} `, signature)).toBe(false);
    expect(signatureMatches(newDeviceCredential(), '1764000000', BODY, signature)).toBe(false);
  });

  it('reads only well-formed headers', () => {
    expect(parseSignature(SIGNATURE.toUpperCase())?.toString('hex')).toBe(SIGNATURE);
    for (const bad of [undefined, '', SIGNATURE.slice(1), `${SIGNATURE}00`, 'zz'.repeat(32)])
      expect(parseSignature(bad)).toBeNull();
    expect(parseTimestamp('1764000000')).toBe(1764000000);
    for (const bad of [undefined, '', '-1', '1.5', '1e9', ' 1', '1'.repeat(13)])
      expect(parseTimestamp(bad)).toBeNull();
  });

  it.each([0, 1, 500, 999])(
    'accepts timestamps within the window both ways alike, %i ms into the second',
    (ms) => {
      const now = 1_764_000_000_000 + ms;
      const seconds = unixSeconds(now);
      expect(timestampIsFresh(seconds - DEVICE_CLOCK_WINDOW_SECONDS, now)).toBe(true);
      expect(timestampIsFresh(seconds + DEVICE_CLOCK_WINDOW_SECONDS, now)).toBe(true);
      expect(timestampIsFresh(seconds - DEVICE_CLOCK_WINDOW_SECONDS - 1, now)).toBe(false);
      expect(timestampIsFresh(seconds + DEVICE_CLOCK_WINDOW_SECONDS + 1, now)).toBe(false);
    },
  );

  it('makes credentials of 32 random bytes, base64url', () => {
    const credential = newDeviceCredential();
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(credential, 'base64url')).toHaveLength(32);
    expect(newDeviceCredential()).not.toBe(credential);
  });
});
