import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import {
  embeddedIpv4,
  parseAddress,
  specialRangeOf,
  TARGET_RANGE_NAMES,
  unmapped,
  type Address,
  type TargetRangeName,
} from './special-addresses';

/**
 * Where a forward may send: a public address or name (issue 11). The server itself connects to
 * a forward's host (issue 15), so an address inside the provider's network would let a user make
 * it call internal services (server-side request forgery). The operator may let named ranges or
 * CIDRs through (FORWARD_TARGETS_ALLOWED), for a receiver on the same network or a test. Every
 * special-purpose range is refused, and so is an IPv6 form of a refused IPv4 address (decision 048).
 */

export { TARGET_RANGE_NAMES, type TargetRangeName } from './special-addresses';

/** The name of the special-purpose range an address is in ('loopback', 'documentation'), or null. */
export function rangeOf(address: string): string | null {
  const parsed = parseAddress(address);
  return parsed && (specialRangeOf(parsed)?.name ?? null);
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

/** An allowance's CIDR (or single address) as ipaddr.js ranges. */
function cidrRange(entry: string): [Address, number] | null {
  const [text = '', bits] = entry.split('/');
  const address = parseAddress(text);
  if (!address) return null;
  return [address, bits === undefined ? (address.kind() === 'ipv6' ? 128 : 32) : Number(bits)];
}

/**
 * Checks one resolved address against the refused ranges and the allowance: null when it may be
 * contacted, else what it is ('a loopback address'). Delivery checks every address a name resolves
 * to with it right before connecting (issue 15), so a name re-pointed after the form's check
 * (DNS rebinding) is still refused.
 *
 * An address in an allowed CIDR passes. Otherwise its own range must be allowed by name, and so
 * must every IPv4 address it carries: with `loopback` allowed, `::ffff:127.0.0.1` (the same
 * address) and `64:ff9b::7f00:1` pass, `2002:a00:1::` (6to4 of 10.0.0.1) does not.
 */
export function createAddressCheck(
  allowance: TargetAllowance = NOTHING_ALLOWED,
): (address: string) => string | null {
  const allowedCidrs = allowance.cidrs.map(cidrRange).filter((cidr) => cidr !== null);
  const inAllowedCidr = (address: Address) =>
    [address, unmapped(address)].some((form) =>
      allowedCidrs.some((cidr) => cidr[0].kind() === form.kind() && form.match(cidr)),
    );
  /** Null, or what the address is when its range's name does not let it through. */
  const refusedByRange = (address: Address) => {
    const special = specialRangeOf(address);
    if (!special) return null;
    return special.allowedAs && allowance.ranges.includes(special.allowedAs) ? null : special.what;
  };
  return (text) => {
    const address = parseAddress(text);
    // Node takes it for an address that ipaddr.js cannot read: refuse what cannot be checked.
    if (!address) return isIP(text) === 0 ? null : 'an address that cannot be checked';
    if (inAllowedCidr(address)) return null;
    for (const embedded of embeddedIpv4(address)) {
      const what = inAllowedCidr(embedded.address) ? null : refusedByRange(embedded.address);
      if (what) return `the ${embedded.form} form of ${what}, ${embedded.address.toString()}`;
    }
    return refusedByRange(address);
  };
}

export function createTargetChecker(
  allowance: TargetAllowance = NOTHING_ALLOWED,
  resolve: HostResolver = systemResolver,
): TargetChecker {
  const allowedRange = (range: TargetRangeName) => allowance.ranges.includes(range);
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
