import { describe, expect, it } from 'vitest';
import { embeddedIpv4, parseAddress, specialRangeOf } from './special-addresses';

const rangeName = (text: string) => {
  const address = parseAddress(text);
  if (!address) throw new Error(`${text} is not an address`);
  return specialRangeOf(address)?.name ?? null;
};

const carried = (text: string) => {
  const address = parseAddress(text);
  if (!address) throw new Error(`${text} is not an address`);
  return embeddedIpv4(address).map((e) => `${e.form} ${e.address.toString()}`);
};

// Every entry of the IANA IPv4 Special-Purpose Address Registry, its first and last address.
describe('the IPv4 special-purpose registry', () => {
  it.each([
    ['0.0.0.0/8', '0.0.0.0', '0.255.255.255', 'unspecified'],
    ['10.0.0.0/8', '10.0.0.0', '10.255.255.255', 'private'],
    ['100.64.0.0/10', '100.64.0.0', '100.127.255.255', 'shared'],
    ['127.0.0.0/8', '127.0.0.0', '127.255.255.255', 'loopback'],
    ['169.254.0.0/16', '169.254.0.0', '169.254.255.255', 'linklocal'],
    ['172.16.0.0/12', '172.16.0.0', '172.31.255.255', 'private'],
    ['192.0.0.0/24', '192.0.0.0', '192.0.0.255', 'ietf-protocol'],
    ['192.0.0.9/32 (PCP anycast)', '192.0.0.9', '192.0.0.9', 'ietf-protocol'],
    ['192.0.0.170/32 (NAT64 discovery)', '192.0.0.170', '192.0.0.171', 'ietf-protocol'],
    ['192.0.2.0/24', '192.0.2.0', '192.0.2.255', 'documentation'],
    ['192.31.196.0/24', '192.31.196.0', '192.31.196.255', 'as112'],
    ['192.52.193.0/24', '192.52.193.0', '192.52.193.255', 'amt'],
    ['192.88.99.0/24', '192.88.99.0', '192.88.99.255', '6to4-relay'],
    ['192.168.0.0/16', '192.168.0.0', '192.168.255.255', 'private'],
    ['192.175.48.0/24', '192.175.48.0', '192.175.48.255', 'as112'],
    ['198.18.0.0/15', '198.18.0.0', '198.19.255.255', 'benchmarking'],
    ['198.51.100.0/24', '198.51.100.0', '198.51.100.255', 'documentation'],
    ['203.0.113.0/24', '203.0.113.0', '203.0.113.255', 'documentation'],
    ['224.0.0.0/4 (multicast)', '224.0.0.0', '239.255.255.255', 'multicast'],
    ['240.0.0.0/4', '240.0.0.0', '255.255.255.254', 'reserved'],
    ['255.255.255.255/32', '255.255.255.255', '255.255.255.255', 'broadcast'],
  ])('%s: %s to %s is %s', (_, first, last, name) => {
    expect(rangeName(first)).toBe(name);
    expect(rangeName(last)).toBe(name);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.255',
    '192.0.3.0',
    '192.88.98.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '198.51.99.255',
    '198.51.101.0',
    '203.0.112.255',
    '203.0.114.0',
    '223.255.255.255',
  ])('%s, beside them, is public', (address) => {
    expect(rangeName(address)).toBeNull();
  });
});

// Every entry of the IANA IPv6 Special-Purpose Address Registry, and the space IANA keeps back.
describe('the IPv6 special-purpose registry', () => {
  it.each([
    ['::1/128', '::1', 'loopback'],
    ['::/128', '::', 'unspecified'],
    ['::/96 IPv4-compatible (deprecated)', '::a00:1', 'reserved'],
    ['::ffff:0:0:0/96 IPv4-translated', '::ffff:0:a00:1', 'ipv4-translated'],
    ['64:ff9b:1::/48 local-use translation', '64:ff9b:1::a00:1', 'nat64-local'],
    ['100::/64 discard-only', '100::1', 'discard'],
    ['100::/64, last', '100::ffff:ffff:ffff:ffff', 'discard'],
    ['2001::/23 IETF protocol assignments', '2001:1::1', 'ietf-protocol'],
    ['2001:1::2/128 TURN anycast', '2001:1::2', 'ietf-protocol'],
    ['2001:1::3/128 DNS-SD SRP anycast', '2001:1::3', 'ietf-protocol'],
    ['2001:2::/48 benchmarking', '2001:2::1', 'benchmarking'],
    ['2001:3::/32 AMT', '2001:3::1', 'amt'],
    ['2001:4:112::/48 AS112-v6', '2001:4:112::1', 'as112'],
    ['2001:10::/28 ORCHID (deprecated)', '2001:10::1', 'orchid'],
    ['2001:20::/28 ORCHIDv2', '2001:2f:ffff::1', 'orchid'],
    ['2001:30::/28 drone remote ID', '2001:30::1', 'drone-id'],
    ['2001:db8::/32 documentation', '2001:db8::1', 'documentation'],
    ['2001:db8::/32, last', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
    ['2620:4f:8000::/48 AS112', '2620:4f:8000::1', 'as112'],
    ['3fff::/20 documentation', '3fff:fff::1', 'documentation'],
    ['5f00::/16 segment routing', '5f00::1', 'segment-routing'],
    ['fc00::/7 unique local', 'fdff:ffff::1', 'uniquelocal'],
    ['fe80::/10 link-local', 'febf::1', 'linklocal'],
    ['fe80::/10 link-local with a zone', 'fe80::1%eth0', 'linklocal'],
    ['fec0::/10 site-local (deprecated)', 'fec0::1', 'site-local'],
    ['ff00::/8 multicast', 'ff02::1', 'multicast'],
    ['outside 2000::/3, never allocated', '4000::1', 'reserved'],
    ['outside 2000::/3, beside the discard prefix', '100:0:0:1::1', 'reserved'],
    ['::ffff:0:0/96 IPv4-mapped: the IPv4 address itself', '::ffff:7f00:1', 'loopback'],
  ])('%s: %s is %s', (_, address, name) => {
    expect(rangeName(address)).toBe(name);
  });

  it.each([
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2001:200::1',
    '2a00:1450::1',
    '3ffe:ffff::1',
    // Forms that carry a public IPv4 address: what they carry decides.
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is in no special range', (address) => {
    expect(rangeName(address)).toBeNull();
  });
});

describe('the IPv4 address an IPv6 address carries', () => {
  it.each([
    ['64:ff9b::a00:1', ['NAT64 10.0.0.1']],
    ['64:ff9b::10.0.0.1', ['NAT64 10.0.0.1']],
    ['64:ff9b:1::a9fe:a9fe', ['local-use NAT64 169.254.169.254']],
    ['2002:7f00:1::', ['6to4 127.0.0.1']],
    ['2002:c000:0204:1::1', ['6to4 192.0.2.4']],
    // The Teredo server, then the client, stored inverted (3fff:fdd2 is 192.0.2.45).
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', ['Teredo 65.54.227.120', 'Teredo 192.0.2.45']],
    ['::10.0.0.1', ['IPv4-compatible 10.0.0.1']],
    ['::a00:1', ['IPv4-compatible 10.0.0.1']],
    ['::ffff:0:a00:1', ['IPv4-translated 10.0.0.1']],
    ['::ffff:10.0.0.1', []],
    ['2606:4700::1111', []],
    ['10.0.0.1', []],
  ])('%s carries %j', (address, forms) => {
    expect(carried(address)).toEqual(forms);
  });

  it('reads ::10.0.0.1 as the socket does (IPv4-compatible), not as IPv4-mapped', () => {
    expect(parseAddress('::10.0.0.1')?.toString()).toBe('::a00:1');
    expect(parseAddress('::ffff:10.0.0.1')?.toString()).toBe('::ffff:a00:1');
    expect(parseAddress('fe80::1.2.3.4%eth0')?.toString()).toBe('fe80::102:304');
    expect(parseAddress('fe80::1%1.2.3.4')?.toString()).toBe('fe80::1');
  });

  it('knows no address in a name or a loose IPv4 form the socket would not take', () => {
    for (const text of ['example.com', '127.1', '2130706433', '010.0.0.1', '0x7f.0.0.1', '']) {
      expect(parseAddress(text)).toBeNull();
    }
  });
});
