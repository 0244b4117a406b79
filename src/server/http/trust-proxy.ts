import { isIP } from 'node:net';

/** What Fastify's `trustProxy` takes from TRUST_PROXY: who may set X-Forwarded-For. */
export type TrustProxy = boolean | string[];

// proxy-addr's names for the loopback, link-local and private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (the socket's address is the client's); `true`
 * trusts every hop (only when nothing but the proxy can reach the port); otherwise a
 * comma-separated list of addresses, CIDRs or `loopback`, `linklocal`, `uniquelocal`. A hop
 * count is refused: Fastify 5 ignores one (it cannot tell the proxy from a client), so it would
 * silently trust nobody. A wrong entry stops the start rather than trusting nobody or everyone.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    throw new Error(
      `TRUST_PROXY: a hop count (${text}) is not supported; name the proxy's addresses`,
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY: ${wrong.map((w) => JSON.stringify(w)).join(', ')} is not true, a hop count, ` +
        'an address, a CIDR, loopback, linklocal or uniquelocal',
    );
  }
  return entries;
}
