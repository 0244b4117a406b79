import { describe, expect, it } from 'vitest';
import {
  createAddressCheck,
  createTargetChecker,
  parseTargetAllowance,
  PUBLIC_TARGET_REQUIRED,
  rangeOf,
  type HostResolver,
} from './targets';
import { REFUSED_TARGETS } from '@server/test/forwards';

describe('rangeOf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'linklocal'],
    ['10.0.0.1', 'private'],
    ['fd00::1', 'uniquelocal'],
    ['224.0.0.1', 'multicast'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['198.51.100.7', 'documentation'],
    // IPv4-mapped IPv6, dotted and in hex.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'linklocal'],
  ])('%s is %s', (address, range) => {
    expect(rangeOf(address)).toBe(range);
  });

  it.each(['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8', 'example.com'])(
    '%s is in none',
    (address) => {
      expect(rangeOf(address)).toBeNull();
    },
  );
});

describe('createAddressCheck (at connect time)', () => {
  const strict = createAddressCheck();

  it.each(REFUSED_TARGETS)('refuses %s as %s', (address, why) => {
    expect(strict(address)).toMatch(why);
  });

  it.each([
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('lets the public %s through', (address) => {
    expect(strict(address)).toBeNull();
  });

  it('lets an allowed range through in every form that is that address, and no other', () => {
    const loopback = createAddressCheck(parseTargetAllowance('loopback'));
    expect(loopback('127.0.0.1')).toBeNull();
    expect(loopback('::ffff:127.0.0.1')).toBeNull();
    expect(loopback('64:ff9b::7f00:1')).toBeNull();
    expect(loopback('2002:7f00:1::')).toBeNull();
    expect(loopback('2002:a00:1::')).toMatch(/6to4 form of a private address/);
    // IPv4-compatible and -translated forms are reserved ranges themselves: no name allows them.
    expect(loopback('::127.0.0.1')).toBe('a reserved address');
    expect(loopback('::ffff:0:7f00:1')).toBe('an IPv4-translated address');

    const lan = createAddressCheck(parseTargetAllowance('private'));
    expect(lan('64:ff9b::a00:1')).toBeNull();
    expect(lan('64:ff9b:1::a00:1')).toBeNull();
    expect(lan('64:ff9b:1::7f00:1')).toMatch(/local-use NAT64 form of a loopback address/);
    expect(lan('64:ff9b::a9fe:a9fe')).toMatch(/link-local/);
    expect(lan('fec0::1')).toBe('a site-local address');
    expect(lan('::10.0.0.1')).toBe('a reserved address');
    expect(lan('::ffff:10.0.0.1')).toBeNull();
  });

  it('lets an allowed CIDR through, also when it is what an address carries', () => {
    const lab = createAddressCheck(parseTargetAllowance('198.51.100.0/24,2001:db8::/32'));
    expect(lab('198.51.100.7')).toBeNull();
    expect(lab('::ffff:198.51.100.7')).toBeNull();
    expect(lab('64:ff9b::c633:6407')).toBeNull();
    expect(lab('2001:db8:1::5')).toBeNull();
    expect(lab('192.0.2.1')).toBe('a documentation address');
    const nat64 = createAddressCheck(parseTargetAllowance('64:ff9b::/96'));
    expect(nat64('64:ff9b::a00:1')).toBeNull();
    expect(nat64('64:ff9b:1::a00:1')).toMatch(/private/);
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
    'nat64.example': ['64:ff9b::808:808', '64:ff9b::a00:1'],
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
    expect(await strict.refusal('nat64.example')).toBe(
      `${PUBLIC_TARGET_REQUIRED}: nat64.example points to the NAT64 form of a private address, ` +
        '10.0.0.1 (64:ff9b::a00:1)',
    );
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
