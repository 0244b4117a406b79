import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * What an address is, for the forward-target check (decision 048): the special-purpose range it is
 * in (the IANA IPv4 and IPv6 Special-Purpose Address Registries, as ipaddr.js knows them, and the
 * IPv6 space IANA has not allocated), and the IPv4 addresses it carries (NAT64, 6to4, Teredo,
 * IPv4-compatible and -translated forms), which are judged as well.
 */

/** The refused ranges an operator can allow by name (FORWARD_TARGETS_ALLOWED). */
export const TARGET_RANGE_NAMES = [
  'loopback',
  'linklocal',
  'private',
  'multicast',
  'unspecified',
] as const;
export type TargetRangeName = (typeof TARGET_RANGE_NAMES)[number];

export interface SpecialRange {
  /** Short name, e.g. `documentation`. */
  name: string;
  /** What an address of it is, for a message: 'a documentation address'. */
  what: string;
  /** The FORWARD_TARGETS_ALLOWED name that lets it through; null: only a CIDR can. */
  allowedAs: TargetRangeName | null;
}

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface EmbeddedIpv4 {
  /** How it is written into the IPv6 address, e.g. `NAT64`. */
  form: string;
  address: ipaddr.IPv4;
}

const range = (name: string, what: string, allowedAs: TargetRangeName | null = null) => ({
  name,
  what,
  allowedAs,
});

const LOOPBACK = range('loopback', 'a loopback address', 'loopback');
const LINK_LOCAL = range('linklocal', 'a link-local address', 'linklocal');
const PRIVATE = range('private', 'a private address', 'private');
const MULTICAST = range('multicast', 'a multicast address', 'multicast');
const UNSPECIFIED = range('unspecified', 'the unspecified address', 'unspecified');
const DOCUMENTATION = range('documentation', 'a documentation address');
const BENCHMARKING = range('benchmarking', 'a benchmarking address');
const IETF_PROTOCOL = range('ietf-protocol', 'an IETF protocol address');
const RESERVED = range('reserved', 'a reserved address');
const AS112 = range('as112', 'an AS112 DNS address');
const AMT = range('amt', 'an AMT relay address');
const ORCHID = range('orchid', 'an ORCHID identifier');

/** ipaddr.js's names for its special ranges; `reserved` is told apart below. */
const BY_LIBRARY_NAME: Record<string, SpecialRange> = {
  unspecified: UNSPECIFIED,
  broadcast: range('broadcast', 'the broadcast address'),
  multicast: MULTICAST,
  linkLocal: LINK_LOCAL,
  loopback: LOOPBACK,
  private: PRIVATE,
  carrierGradeNat: range('shared', 'a shared address (carrier-grade NAT)', 'private'),
  uniqueLocal: range('uniquelocal', 'a private address (unique local)', 'private'),
  deprecatedSiteLocal: range('site-local', 'a site-local address'),
  discard: range('discard', 'a discard-only address'),
  rfc6145: range('ipv4-translated', 'an IPv4-translated address'),
  benchmarking: BENCHMARKING,
  as112: AS112,
  as112v6: AS112,
  amt: AMT,
  deprecatedOrchid: ORCHID,
  orchid2: ORCHID,
  droneRemoteIdProtocolEntityTags: range('drone-id', 'a drone remote ID tag'),
  segmentRouting: range('segment-routing', 'a segment routing identifier'),
};

const cidrs = (...list: string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr));

/** What ipaddr.js calls `reserved`, told apart by the registries' entries. */
const RESERVED_PARTS: [SpecialRange, [Address, number][]][] = [
  [DOCUMENTATION, cidrs('192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24')],
  [DOCUMENTATION, cidrs('2001:db8::/32', '3fff::/20')],
  [BENCHMARKING, cidrs('198.18.0.0/15')],
  [IETF_PROTOCOL, cidrs('192.0.0.0/24', '2001::/23')],
  [range('6to4-relay', 'a 6to4 relay address (deprecated)'), cidrs('192.88.99.0/24')],
];

const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL = range('nat64-local', 'a local-use NAT64 address', 'private');
/** The IPv6 space IANA allocates for global unicast; the rest is reserved (or special above). */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * The address (without a zone, which does not change its range), or null when Node does not take
 * it for one or ipaddr.js cannot read it. Node's `isIP` decides what an address is, as the socket
 * will, and a dotted IPv4 tail is turned into hex first: ipaddr.js reads `::10.0.0.1` as the
 * IPv4-mapped `::ffff:10.0.0.1`, where the socket sees the IPv4-compatible `::a00:1`.
 */
export function parseAddress(text: string): Address | null {
  const family = isIP(text);
  if (family === 0) return null;
  try {
    if (family === 4) return ipaddr.IPv4.parse(text);
    const bare = text.split('%')[0] ?? '';
    const tail = /(?<=:)\d+\.\d+\.\d+\.\d+$/.exec(bare)?.[0];
    if (!tail) return ipaddr.IPv6.parse(bare);
    const octets = ipaddr.IPv4.parse(tail).octets;
    const word = (at: number) => (((octets[at] ?? 0) << 8) | (octets[at + 1] ?? 0)).toString(16);
    return ipaddr.IPv6.parse(`${bare.slice(0, -tail.length)}${word(0)}:${word(2)}`);
  } catch {
    return null;
  }
}

/** An IPv4-mapped address (::ffff:10.0.0.1) is the IPv4 address: that is what the socket uses. */
export const unmapped = (address: Address): Address =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;

const ipv4At = (bytes: number[], at: number) =>
  new ipaddr.IPv4(bytes.slice(at, at + 4).map((byte) => byte & 0xff));

/** The IPv4 addresses an IPv6 address carries (RFC 6052, 3056, 4380, 4291, 6145). */
export function embeddedIpv4(address: Address): EmbeddedIpv4[] {
  if (address.kind() !== 'ipv6') return [];
  const bytes = address.toByteArray();
  const last = (form: string) => [{ form, address: ipv4At(bytes, 12) }];
  switch (address.range()) {
    case 'rfc6052':
      // A local-use prefix (64:ff9b:1::/48) may embed at several lengths; /96 is the common one.
      return last(address.match(NAT64_WELL_KNOWN) ? 'NAT64' : 'local-use NAT64');
    case 'rfc6145':
      return last('IPv4-translated');
    case '6to4':
      return [{ form: '6to4', address: ipv4At(bytes, 2) }];
    case 'teredo':
      // The Teredo server, and the client's address stored inverted.
      return [
        { form: 'Teredo', address: ipv4At(bytes, 4) },
        {
          form: 'Teredo',
          address: ipv4At(
            bytes.map((byte) => ~byte),
            12,
          ),
        },
      ];
    case 'unicast':
      return address.match(IPV4_COMPATIBLE) ? last('IPv4-compatible') : [];
    default:
      return [];
  }
}

/**
 * The special-purpose range the address itself is in, or null. Forms that only carry an IPv4
 * address (IPv4-mapped, the well-known NAT64 prefix, 6to4, Teredo) are in none: what they carry
 * decides. A range ipaddr.js names that is not known here counts as special (fails closed).
 */
export function specialRangeOf(address: Address): SpecialRange | null {
  const plain = unmapped(address);
  const name = plain.range();
  switch (name) {
    case 'unicast':
      return plain.kind() === 'ipv6' && !plain.match(GLOBAL_UNICAST) ? RESERVED : null;
    case '6to4':
    case 'teredo':
      return null;
    case 'rfc6052':
      return plain.match(NAT64_WELL_KNOWN) ? null : NAT64_LOCAL;
    case 'reserved': {
      const part = RESERVED_PARTS.find(([, list]) =>
        list.some((cidr) => cidr[0].kind() === plain.kind() && plain.match(cidr)),
      );
      return part?.[0] ?? RESERVED;
    }
    default:
      return BY_LIBRARY_NAME[name] ?? range(name, 'a special-purpose address');
  }
}
