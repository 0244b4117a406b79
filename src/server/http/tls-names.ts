import type { X509Certificate } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';

/** What `os.networkInterfaces()` answers. */
export type NetworkInterfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** The names a certificate made for this machine covers (its subjectAltName). */
export interface SubjectNames {
  dns: string[];
  ips: string[];
}

const LOOPBACK_IPS = ['127.0.0.1', '::1'];
const DNS_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
// fe80::/10: a browser cannot open it (an address needs its zone, which URLs do not carry).
const IPV6_LINK_LOCAL = /^fe[89ab]/i;

/**
 * Every name this machine is reached by: localhost, its host name (and `<name>.local`, which
 * mDNS answers on most LANs), loopback and every address of its interfaces that a browser can
 * open (not internal, not IPv6 link-local). Names DNS cannot carry are left out.
 */
export function subjectNamesFor(hostname: string, interfaces: NetworkInterfaces): SubjectNames {
  const host = hostname.trim().toLowerCase();
  const hostNames =
    DNS_NAME.test(host) && host !== 'localhost'
      ? [host, ...(host.includes('.') ? [] : [`${host}.local`])]
      : [];
  const addresses = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !IPV6_LINK_LOCAL.test(entry.address))
    .map((entry) => entry.address);
  return {
    dns: unique(['localhost', ...hostNames]),
    ips: unique([...LOOPBACK_IPS, ...addresses]),
  };
}

/** The IPv4 addresses a phone on the LAN can open (the banner prints them). */
export function lanAddresses(interfaces: NetworkInterfaces): string[] {
  return unique(
    Object.values(interfaces)
      .flatMap((entries) => entries ?? [])
      .filter((entry) => !entry.internal && entry.family === 'IPv4')
      .map((entry) => entry.address),
  );
}

/**
 * The names `certificate` does not cover that a new certificate must: every DNS name, every IPv4
 * address and IPv6 loopback. Other IPv6 addresses are covered when one is made but do not make
 * a new one: temporary (privacy) addresses change daily, and every new self-signed certificate
 * has to be accepted again on each phone. Only the subjectAltName counts, as in browsers.
 */
export function namesNotCovered(certificate: X509Certificate, names: SubjectNames): string[] {
  const dns = names.dns.filter(
    (name) => certificate.checkHost(name, { subject: 'never', wildcards: false }) === undefined,
  );
  const ips = names.ips
    .filter((ip) => isIPv4(ip) || LOOPBACK_IPS.includes(ip))
    .filter((ip) => certificate.checkIP(ip) === undefined);
  return [...dns, ...ips];
}

const unique = (values: string[]) => [...new Set(values)];
