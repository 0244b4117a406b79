import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a forward may send: a public address or name (issue 11). The server itself connects to
 * a forward's host (issue 15), so an address inside the provider's network would let a user make
 * it call internal services (server-side request forgery). The operator may let named ranges or
 * CIDRs through (FORWARD_TARGETS_ALLOWED), for a receiver on the same network or a test.
 */

/** The refused ranges an operator can allow by name. */
export const TARGET_RANGE_NAMES = [
  'loopback',
  'linklocal',
  'private',
  'multicast',
  'unspecified',
] as const;
export type TargetRangeName = (typeof TARGET_RANGE_NAMES)[number];
type TargetRange = TargetRangeName | 'broadcast';

// Node's BlockList matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against IPv4 rules.
const RANGES: Record<TargetRange, { v4: string[]; v6: string[] }> = {
  loopback: { v4: ['127.0.0.0/8'], v6: ['::1/128'] },
  linklocal: { v4: ['169.254.0.0/16'], v6: ['fe80::/10'] },
  private: {
    // RFC 1918, and carrier-grade NAT (RFC 6598); IPv6 unique local addresses.
    v4: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'],
    v6: ['fc00::/7'],
  },
  multicast: { v4: ['224.0.0.0/4'], v6: ['ff00::/8'] },
  unspecified: { v4: ['0.0.0.0/8'], v6: ['::/128'] },
  broadcast: { v4: ['255.255.255.255/32'], v6: [] },
};

const DESCRIPTIONS: Record<TargetRange, string> = {
  loopback: 'a loopback address',
  linklocal: 'a link-local address',
  private: 'a private address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
};

function addCidr(list: BlockList, cidr: string): void {
  const [address = '', bits] = cidr.split('/');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const prefix = bits === undefined ? (family === 'ipv6' ? 128 : 32) : Number(bits);
  list.addSubnet(address, prefix, family);
}

const blockListOf = (cidrs: readonly string[]) => {
  const list = new BlockList();
  for (const cidr of cidrs) addCidr(list, cidr);
  return list;
};

const RANGE_LISTS = Object.entries(RANGES).map(([range, { v4, v6 }]) => ({
  range: range as TargetRange,
  list: blockListOf([...v4, ...v6]),
}));

/** The refused range an address is in, or null for a public one. */
export function rangeOf(address: string): TargetRange | null {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  return RANGE_LISTS.find(({ list }) => list.check(address, type))?.range ?? null;
}

/** What FORWARD_TARGETS_ALLOWED lets through. */
export interface TargetAllowance {
  ranges: readonly TargetRangeName[];
  /** Addresses or CIDRs (IPv4 or IPv6). */
  cidrs: readonly string[];
}

export const NOTHING_ALLOWED: TargetAllowance = { ranges: [], cidrs: [] };

function isCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * FORWARD_TARGETS_ALLOWED: a comma list of `loopback`, `linklocal`, `private`, `multicast`,
 * `unspecified`, addresses and CIDRs. Unset or empty allows nothing; a wrong entry stops the
 * start rather than silently allowing less (or more) than meant.
 */
export function parseTargetAllowance(value: string | undefined): TargetAllowance {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const isRange = (entry: string): entry is TargetRangeName =>
    (TARGET_RANGE_NAMES as readonly string[]).includes(entry);
  const wrong = entries.filter((entry) => !isRange(entry) && !isCidr(entry));
  if (wrong.length > 0) {
    throw new Error(
      `FORWARD_TARGETS_ALLOWED: ${wrong.map((w) => JSON.stringify(w)).join(', ')} is not ` +
        `${TARGET_RANGE_NAMES.join(', ')}, an address or a CIDR`,
    );
  }
  return { ranges: entries.filter(isRange), cidrs: entries.filter((entry) => !isRange(entry)) };
}

/** Names that only mean something inside a network (RFC 6761, 6762, 8375; .internal). */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)\.?$/i;
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/** Resolves a host name to its addresses; none when it does not resolve. */
export type HostResolver = (name: string) => Promise<string[]>;

/** How long a name may take to resolve before it counts as not resolving. */
export const RESOLVE_TIMEOUT_MS = 1500;

/** `dns.lookup` (what a connection would use), every address, bounded by a short timeout. */
export const systemResolver: HostResolver = async (name) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => {
      resolve([]);
    }, RESOLVE_TIMEOUT_MS);
  });
  const lookup = dns
    .lookup(name, { all: true, verbatim: true })
    .then((answers) => answers.map((answer) => answer.address))
    .catch(() => []);
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** The system resolver, except for names given fixed addresses (FORWARD_RESOLVE). */
export const resolverWith =
  (fixed: ReadonlyMap<string, string>, resolve: HostResolver = systemResolver): HostResolver =>
  (name) => {
    const address = fixed.get(name.toLowerCase());
    return address ? Promise.resolve([address]) : resolve(name);
  };

export const PUBLIC_TARGET_REQUIRED = 'Forwards must go to a public address or name';

/** Checks forward targets against the refused ranges and the operator's allowance. */
export interface TargetChecker {
  /** Null when the host may be used, else the field message saying why not. */
  refusal(host: string): Promise<string | null>;
}

/**
 * Checks one resolved address against the refused ranges and the allowance: null when it may be
 * contacted, else what it is ('a loopback address'). Delivery checks every address a name resolves
 * to with it right before connecting (issue 15), so a name re-pointed after the form's check
 * (DNS rebinding) is still refused.
 */
export function createAddressCheck(
  allowance: TargetAllowance = NOTHING_ALLOWED,
): (address: string) => string | null {
  const allowedCidrs = blockListOf(allowance.cidrs);
  return (address) => {
    const range = rangeOf(address);
    if (range === null || (allowance.ranges as readonly string[]).includes(range)) return null;
    if (allowedCidrs.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) return null;
    return DESCRIPTIONS[range];
  };
}

export function createTargetChecker(
  allowance: TargetAllowance = NOTHING_ALLOWED,
  resolve: HostResolver = systemResolver,
): TargetChecker {
  const allowedRange = (range: TargetRange) =>
    (allowance.ranges as readonly string[]).includes(range);
  /** Null, or why the address is refused. */
  const addressRefusal = createAddressCheck(allowance);

  return {
    async refusal(host) {
      if (isIP(host) !== 0) {
        const why = addressRefusal(host);
        return why && `${PUBLIC_TARGET_REQUIRED}: ${host} is ${why}`;
      }
      const name = host.toLowerCase();
      if (LOCAL_NAME.test(name)) {
        const allowedAs = LOOPBACK_NAME.test(name) ? 'loopback' : 'private';
        if (!allowedRange(allowedAs)) return `${PUBLIC_TARGET_REQUIRED}: ${host} is a local name`;
      }
      // A name that does not resolve now is accepted: delivery checks again when it connects.
      for (const address of await resolve(name)) {
        const why = addressRefusal(address);
        if (why) return `${PUBLIC_TARGET_REQUIRED}: ${host} points to ${why} (${address})`;
      }
      return null;
    },
  };
}
