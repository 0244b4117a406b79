import { describe, expect, it } from 'vitest';
import {
  createTargetChecker,
  parseTargetAllowance,
  PUBLIC_TARGET_REQUIRED,
  rangeOf,
  type HostResolver,
} from './targets';

describe('rangeOf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'linklocal'],
    ['fe80::1', 'linklocal'],
    ['febf:ffff::1', 'linklocal'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fdff:1234::1', 'private'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    // IPv4-mapped IPv6, dotted and in hex.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'linklocal'],
    ['::ffff:0.0.0.0', 'unspecified'],
  ])('%s is %s', (address, range) => {
    expect(rangeOf(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.1.1',
    '192.169.0.1',
    '223.255.255.255',
    '203.0.113.10',
    '2001:4860:4860::8888',
    'fec0::1',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(rangeOf(address)).toBeNull();
  });

  it('knows no range of a name', () => {
    expect(rangeOf('example.com')).toBeNull();
  });
});

describe('parseTargetAllowance', () => {
  it('reads named ranges, addresses and CIDRs, both families', () => {
    expect(parseTargetAllowance(' loopback, private ,10.9.0.0/16,fd00::/8,192.0.2.7 ')).toEqual({
      ranges: ['loopback', 'private'],
      cidrs: ['10.9.0.0/16', 'fd00::/8', '192.0.2.7'],
    });
    expect(parseTargetAllowance(undefined)).toEqual({ ranges: [], cidrs: [] });
    expect(parseTargetAllowance('')).toEqual({ ranges: [], cidrs: [] });
  });

  it.each(['everything', '10.0.0.0/33', '::/129', 'example.com', '10.0.0.0/8/1', 'uniquelocal'])(
    'refuses %j rather than guess',
    (entry) => {
      expect(() => parseTargetAllowance(`loopback,${entry}`)).toThrow(/FORWARD_TARGETS_ALLOWED/);
    },
  );
});

/** A resolver of fixed answers; any other name does not resolve. */
const resolverOf =
  (answers: Record<string, string[]>): HostResolver =>
  (name) =>
    Promise.resolve(answers[name] ?? []);

describe('createTargetChecker', () => {
  const names = resolverOf({
    'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'sneaky.example': ['93.184.215.14', '10.0.0.5'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'printer.local': ['192.168.1.9'],
  });
  const strict = createTargetChecker(undefined, names);

  it('accepts public addresses and names that resolve to public addresses only', async () => {
    expect(await strict.refusal('8.8.8.8')).toBeNull();
    expect(await strict.refusal('2001:4860:4860::8888')).toBeNull();
    expect(await strict.refusal('public.example')).toBeNull();
  });

  it('refuses every refused range with a message naming it', async () => {
    expect(await strict.refusal('127.0.0.1')).toBe(
      `${PUBLIC_TARGET_REQUIRED}: 127.0.0.1 is a loopback address`,
    );
    expect(await strict.refusal('::ffff:169.254.169.254')).toMatch(/link-local/);
    expect(await strict.refusal('fd12::1')).toMatch(/private/);
    expect(await strict.refusal('ff05::2')).toMatch(/multicast/);
    expect(await strict.refusal('::')).toMatch(/unspecified/);
    expect(await strict.refusal('255.255.255.255')).toMatch(/broadcast/);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    expect(await strict.refusal('sneaky.example')).toBe(
      `${PUBLIC_TARGET_REQUIRED}: sneaky.example points to a private address (10.0.0.5)`,
    );
    expect(await strict.refusal('mapped.example')).toMatch(/loopback address \(::ffff:127/);
  });

  it.each([
    'localhost',
    'api.localhost',
    'printer.local',
    'db.internal',
    'nas.home.arpa',
    'LOCALHOST.',
  ])('refuses the local name %s without asking DNS', async (name) => {
    expect(await strict.refusal(name)).toBe(`${PUBLIC_TARGET_REQUIRED}: ${name} is a local name`);
  });

  it('accepts a name that does not resolve (delivery checks again when it connects)', async () => {
    expect(await strict.refusal('not-yet.example')).toBeNull();
  });

  it('lets through what the operator allows, and nothing more', async () => {
    const allowed = createTargetChecker(parseTargetAllowance('loopback,10.9.0.0/16'), names);
    expect(await allowed.refusal('127.0.0.1')).toBeNull();
    expect(await allowed.refusal('::1')).toBeNull();
    expect(await allowed.refusal('localhost')).toBeNull();
    expect(await allowed.refusal('10.9.3.4')).toBeNull();
    expect(await allowed.refusal('::ffff:10.9.3.4')).toBeNull();
    expect(await allowed.refusal('10.8.3.4')).toMatch(/private/);
    expect(await allowed.refusal('printer.local')).toMatch(/local name/);
    expect(await allowed.refusal('169.254.1.1')).toMatch(/link-local/);

    const lan = createTargetChecker(parseTargetAllowance('private'), names);
    expect(await lan.refusal('printer.local')).toBeNull();
    expect(await lan.refusal('sneaky.example')).toBeNull();
    expect(await lan.refusal('localhost')).toMatch(/local name/);
    expect(await lan.refusal('fc00::5')).toBeNull();

    const ipv6 = createTargetChecker(parseTargetAllowance('fe80::/64'), names);
    expect(await ipv6.refusal('fe80::9')).toBeNull();
    expect(await ipv6.refusal('fe80:0:0:1::9')).toMatch(/link-local/);
  });
});
