import { describe, expect, it } from 'vitest';
import { bannerLines, type BannerFacts } from './banner';
import { forwardTargetsFor, listenHost } from './config';
import { NOTHING_ALLOWED, parseTargetAllowance } from './forwarding/targets';

const LOOPBACK = { ranges: ['loopback'], cidrs: [] };

describe('where the start listens and what forwards may reach (decision 051)', () => {
  it('keeps a portal with the demo data to this machine unless HOST is set', () => {
    expect(listenHost({ host: undefined }, true)).toBe('localhost');
    expect(listenHost({ host: undefined }, false)).toBe('0.0.0.0');
    expect(listenHost({ host: '0.0.0.0' }, true)).toBe('0.0.0.0');
    expect(listenHost({ host: '10.1.2.3' }, false)).toBe('10.1.2.3');
  });

  it('lets the demo forwards reach loopback unless FORWARD_TARGETS_ALLOWED is set', () => {
    expect(forwardTargetsFor({ forwardTargetsAllowed: undefined }, true)).toEqual(LOOPBACK);
    expect(forwardTargetsFor({ forwardTargetsAllowed: undefined }, false)).toEqual(NOTHING_ALLOWED);
    const empty = parseTargetAllowance('');
    expect(forwardTargetsFor({ forwardTargetsAllowed: empty }, true)).toEqual(NOTHING_ALLOWED);
  });
});

describe('the start banner', () => {
  const facts: BannerFacts = {
    host: 'localhost',
    hostChosen: false,
    port: 8080,
    devicePort: 5000,
    database: { kind: 'pglite', dataDir: '/srv/data' },
    demoData: true,
    forwardTargets: { ranges: ['loopback'], cidrs: [] },
    forwardTargetsChosen: false,
    https: null,
    lanAddresses: ['192.168.1.23'],
  };
  const text = (f: BannerFacts) => bannerLines(f).join('\n');

  it('gives the addresses, the demo logins, and how to open the portal to the network', () => {
    const banner = text(facts);
    expect(banner).toContain('running at http://localhost:8080/');
    expect(banner).toContain('Device link: http://localhost:5000/api/v1/devices');
    expect(banner).toContain('admin@demo.test');
    expect(banner).toContain('listening on this machine only');
    expect(banner).toContain('HOST=0.0.0.0');
    expect(banner).toContain('Forwards may send to this machine (loopback)');
  });

  it('warns when the demo data is opened to the network', () => {
    const banner = text({ ...facts, host: '0.0.0.0', hostChosen: true });
    expect(banner).toContain('running at http://localhost:8080/');
    expect(banner).toContain('Warning: demo data on HOST=0.0.0.0');
    expect(banner).not.toContain('listening on this machine only');
  });

  it('says nothing of demo logins or loopback without the demo data', () => {
    const banner = text({
      ...facts,
      host: '0.0.0.0',
      demoData: false,
      database: { kind: 'postgres' },
      forwardTargets: NOTHING_ALLOWED,
    });
    expect(banner).toContain('Database: PostgreSQL');
    expect(banner).not.toMatch(/demo|loopback/i);
  });

  it('prints no network addresses over plain http', () => {
    const banner = text({ ...facts, host: '0.0.0.0', hostChosen: true });
    expect(banner).not.toContain('192.168.1.23');
    expect(banner).not.toContain('https');
  });

  it('over https: the https addresses, the LAN ones, and how a phone accepts the certificate', () => {
    const https = { certFile: '/srv/data/tls/cert.pem', selfGenerated: true };
    const banner = text({ ...facts, host: '0.0.0.0', hostChosen: true, https });
    expect(banner).toContain('running at https://localhost:8080/');
    expect(banner).toContain('On the network: https://192.168.1.23:8080/');
    expect(banner).toContain('API docs: https://localhost:8080/api/docs');
    // Trackers keep plain http on their own port.
    expect(banner).toContain('Device link: http://localhost:5000/api/v1/devices');
    expect(banner).toContain('/srv/data/tls/cert.pem');
    expect(banner).toContain('Advanced → Proceed');
    expect(banner).toContain('refuses the service worker');
    expect(banner).toContain('TLS_CERT_FILE and TLS_KEY_FILE');
    expect(bannerLines({ ...facts, https }).join('\n')).not.toContain('On the network');
  });

  it('over https on the portal port only, devices post there over https too', () => {
    const https = { certFile: '/etc/fleet/cert.pem', selfGenerated: false };
    const banner = text({ ...facts, devicePort: null, https });
    expect(banner).toContain('Device link: https://localhost:8080/api/v1/devices');
    expect(banner).toContain('HTTPS with the certificate of TLS_CERT_FILE (/etc/fleet/cert.pem).');
    expect(banner).not.toContain('Proceed');
  });
});
