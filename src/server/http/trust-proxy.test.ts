import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless configured', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('accepts what Fastify’s trustProxy accepts', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy(' loopback, 10.0.0.0/8 ,fd00::/8,::1')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses a hop count, which Fastify 5 ignores', () => {
    expect(() => parseTrustProxy('2')).toThrow(/hop count/);
  });

  it('refuses entries that are no address or range', () => {
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY: "yes"/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10.0.0.0\/33"/);
    expect(() => parseTrustProxy('127.0.0.1,proxy.local')).toThrow(/"proxy.local"/);
  });
});
