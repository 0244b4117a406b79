import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit the sign-in throttle counts per: an IPv4 address, or an IPv6 address's /64 network.
 * One host usually owns a whole /64 (SLAAC, privacy addresses), so counting single IPv6 addresses
 * would let it rotate through 2^64 of them.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // a link-local zone (fe80::1%eth0) names no other host
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.toLowerCase();
  const groups = expandIPv6(address);
  // An IPv4-mapped address (::ffff:192.0.2.1) is the IPv4 client of a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a dotted IPv4 tail expanded). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
