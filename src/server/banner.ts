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
}

const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

/** What the start prints once it listens: addresses, database, demo logins, what is open. */
export function bannerLines(facts: BannerFacts): string[] {
  const shown = EVERY_INTERFACE.has(facts.host) ? 'localhost' : facts.host;
  const origin = (port: number) =>
    `http://${shown.includes(':') ? `[${shown}]` : shown}:${String(port)}`;
  const lines = [
    '',
    `  Fleet Portal is running at ${origin(facts.port)}/`,
    `  API docs: ${origin(facts.port)}/api/docs`,
    `  Device link: ${origin(facts.devicePort ?? facts.port)}/api/v1/devices`,
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
  return [...lines, '', ''];
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\./.test(host) || host.endsWith('.localhost');
