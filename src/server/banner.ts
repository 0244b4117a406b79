import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
import type { TargetAllowance } from './forwarding/targets';

export interface BannerFacts {
  /** Where the portal listens (HOST, or the start's choice). */
  host: string;
  /** True when HOST was set. */
  hostChosen: boolean;
  port: number;
  /** The device port, or null when devices use the portal's port. */
  devicePort: number | null;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres' };
  demoData: boolean;
  /** What forwards may send to besides public addresses, and whether the start chose it. */
  forwardTargets: TargetAllowance;
  forwardTargetsChosen: boolean;
  /** The portal's port over https, and where its certificate is; null: plain http. */
  https: { certFile: string; selfGenerated: boolean } | null;
  /** This machine's IPv4 addresses on its networks (printed when it listens on them). */
  lanAddresses: string[];
}

const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

/** What the start prints once it listens: addresses, database, demo logins, what is open. */
export function bannerLines(facts: BannerFacts): string[] {
  const everyInterface = EVERY_INTERFACE.has(facts.host);
  const shown = everyInterface ? 'localhost' : facts.host;
  const portal = facts.https ? 'https' : 'http';
  // The device port stays plain http (trackers sign each message; decision 068).
  const origin = (port: number, scheme = portal, host = shown) =>
    `${scheme}://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
  const devicesOrigin =
    facts.devicePort === null ? origin(facts.port) : origin(facts.devicePort, 'http');
  const lines = [
    '',
    `  Fleet Portal is running at ${origin(facts.port)}/`,
    ...(facts.https && everyInterface
      ? facts.lanAddresses.map(
          (address) => `  On the network: ${origin(facts.port, portal, address)}/`,
        )
      : []),
    `  API docs: ${origin(facts.port)}/api/docs`,
    `  Device link: ${devicesOrigin}/api/v1/devices`,
    `  Database: ${facts.database.kind === 'pglite' ? `embedded (PGlite) in ${facts.database.dataDir}` : 'PostgreSQL'}`,
  ];
  if (facts.demoData) {
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.email.padEnd(20)} ${a.role}${a.isReseller ? ' (reseller)' : ''}`);
    lines.push('');
    if (!facts.hostChosen) {
      lines.push(
        '  Demo data: listening on this machine only, as the demo passwords are public.',
        '  To open it to the network, change the demo passwords, then start with HOST=0.0.0.0.',
      );
    } else if (!isLoopback(facts.host)) {
      lines.push(
        `  Warning: demo data on HOST=${facts.host}: anyone who reaches it signs in with the`,
        '  demo passwords. Change them, or start without HOST (this machine only).',
      );
    }
    if (!facts.forwardTargetsChosen) {
      lines.push(
        '  Forwards may send to this machine (loopback): the demo forwards point at the local',
        '  receivers of `npm run receiver`. FORWARD_TARGETS_ALLOWED= (empty) refuses them.',
      );
    }
  }
  if (facts.https) lines.push('', ...httpsLines(facts.https));
  return [...lines, '', ''];
}

/**
 * What a phone meets with the certificate: one it made for itself is trusted by no browser, so
 * each phone accepts it once, and Chromium still refuses the service worker (decision 068).
 */
function httpsLines(https: { certFile: string; selfGenerated: boolean }): string[] {
  if (!https.selfGenerated)
    return [`  HTTPS with the certificate of TLS_CERT_FILE (${https.certFile}).`];
  return [
    '  HTTPS with a certificate made for this machine, which no browser trusts',
    `  (${https.certFile}): a phone asks once. Open the address, then`,
    '  Advanced → Proceed (Chrome) or Show Details → visit this website (Safari). Chrome then',
    '  still refuses the service worker (no offline start, no install); for the whole PWA on a',
    '  phone, start with TLS_CERT_FILE and TLS_KEY_FILE of a certificate it trusts (mkcert).',
    '  README: Try it on a phone.',
  ];
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\./.test(host) || host.endsWith('.localhost');
