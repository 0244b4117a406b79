import { TEST_TLS } from '@server/receiver/common';
import { createConnector, type ConnectorOptions } from '@server/forwarding/protocols/connector';
import { expect } from 'vitest';
import {
  DeliveryError,
  type ForwardTarget,
  type OutgoingMessage,
} from '@server/forwarding/protocols/types';

/**
 * What the protocol tests share: a connector that reaches the local receivers (names mapped to
 * 127.0.0.1 by an injected resolver, loopback allowed, the test certificate trusted, short
 * timeouts), and messages and forwards to send.
 */

/** Names the test resolver maps to 127.0.0.1 (the test certificate covers the first and last). */
export const LOCAL_NAMES = [
  'localhost',
  'receiver.example.com',
  'fleet-portal-test.azure-devices.net',
];

export const testResolver = (name: string) =>
  Promise.resolve(LOCAL_NAMES.includes(name) ? ['127.0.0.1'] : []);

export function testConnector(options: ConnectorOptions = {}) {
  return createConnector({
    allowance: { ranges: ['loopback'], cidrs: [] },
    resolve: testResolver,
    ca: TEST_TLS.cert,
    connectTimeoutMs: 2_000,
    answerTimeoutMs: 2_000,
    ...options,
  });
}

export const IMEI = '861692040000017';
export const OTHER_IMEI = '861692040000025';

/** A tracking message as docs/device-protocol.md shows one. */
export const TRACKING_BODY = {
  IMEI,
  Timestamp: '2026-11-22T08:00:00.000Z',
  Ignition: 1,
  Lat: 52.370216,
  Lon: 4.895168,
  SatCount: 9,
  Speed: 63,
  Heading: 118,
  Odo: 412345.678,
  VIN: 'YV2RT40A8KB123456',
  Ibutton: '01A2B3C4D5E6F700',
  IO1: 0,
};

let nextRawId = 48_213;

export function outgoing(overrides: Partial<OutgoingMessage> & { json?: unknown } = {}) {
  const { json = { ...TRACKING_BODY, IMEI: overrides.imei ?? IMEI }, ...rest } = overrides;
  const message: OutgoingMessage = {
    rawId: nextRawId++,
    imei: IMEI,
    messageType: 'RT',
    receivedAt: '2026-11-22T08:00:01.123Z',
    replayed: false,
    body: JSON.stringify(json),
    ...rest,
  };
  return message;
}

export function forwardTarget(overrides: Partial<ForwardTarget> = {}): ForwardTarget {
  return {
    forwardId: 7,
    protocolId: 0,
    host: 'localhost',
    port: 0,
    username: null,
    password: null,
    apiKey: null,
    auth: null,
    ...overrides,
  };
}

/** The DeliveryError a send failed with (the test fails when it succeeded). */
export const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a DeliveryError');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(DeliveryError);
      return error as DeliveryError;
    },
  );
