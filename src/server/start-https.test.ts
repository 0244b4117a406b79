import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkServerIdentity, TLSSocket } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import { GENERATED_CERT_FILE, GENERATED_KEY_FILE, loadTlsCredentials } from './http/tls';
import {
  exitWithin,
  freePort,
  killServer,
  spawnServer,
  type ServerChild,
} from './test/child-server';
import { fillWithSeededDemo } from './test/seeded-data-dir';

// Issue 27 item 6: `HTTPS=1 npm start` serves the portal and its API over https on PORT with a
// certificate made for this machine (decision 068). Without a seeded image the first start
// loads the demo data: minutes on a busy 2-core machine.
const START_MS = 400_000;
const GRACE_MS = 10_000;
/** A name that is no loopback name: HSTS is never sent to those. */
const PORTAL_NAME = 'portal.example.test';

interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** SHA-256 fingerprint of the certificate the server presented. */
  fingerprint: string;
}

/** GET over https to 127.0.0.1, trusting `ca` only: the certificate must name 127.0.0.1. */
function httpsGet(port: number, urlPath: string, ca: string): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        ca,
        // The Host header names the portal; the certificate must still name the address.
        headers: { host: PORTAL_NAME },
        checkServerIdentity: (_host, certificate) => checkServerIdentity('127.0.0.1', certificate),
        agent: false,
      },
      (response) => {
        const { socket } = response;
        if (!(socket instanceof TLSSocket)) throw new Error('not answered over TLS');
        const fingerprint = socket.getPeerCertificate().fingerprint256;
        response.resume();
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, fingerprint });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the portal over https (HTTPS=1)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fp-https-'));
  const ownCertDir = mkdtempSync(path.join(tmpdir(), 'fp-https-own-'));
  const generatedCert = () => readFileSync(path.join(dataDir, 'tls', GENERATED_CERT_FILE), 'utf8');
  let child: ServerChild | undefined;
  let output = '';
  // Seeded ahead: this file tests serving over https, not the first start's demo load.
  beforeAll(() => fillWithSeededDemo(dataDir));
  afterEach(() => killServer(child));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(ownCertDir, { recursive: true, force: true });
  });

  /** The built server on free ports, once its banner is out (both ports listen by then). */
  async function start(env: NodeJS.ProcessEnv) {
    const port = await freePort();
    const devicePort = await freePort();
    output = '';
    child = spawnServer({
      PORT: String(port),
      DEVICE_PORT: String(devicePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-pwa'),
      FORWARDING: 'off',
      DATABASE_URL: '',
      TRUST_PROXY: '',
      HTTPS: undefined,
      TLS_CERT_FILE: undefined,
      TLS_KEY_FILE: undefined,
      ...env,
    });
    const started = child;
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + START_MS;
    while (!output.includes('Fleet Portal is running')) {
      if (started.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { port, devicePort };
  }

  async function stop() {
    child?.kill('SIGTERM');
    expect(child && (await exitWithin(child, GRACE_MS + 5_000)), output).not.toBeNull();
    expect(child?.exitCode, output).toBe(0);
  }

  it(
    'serves the API with a certificate made for this machine, and refuses plain http there',
    async () => {
      const { port, devicePort } = await start({ HTTPS: '1' });
      const cert = generatedCert();
      const certificate = new X509Certificate(cert);
      expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
      expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
      expect(certificate.subjectAltName).toContain('DNS:localhost');
      expect(statSync(path.join(dataDir, 'tls', GENERATED_KEY_FILE)).mode & 0o777).toBe(0o600);

      const health = await httpsGet(port, '/api/health', cert);
      expect(health.status).toBe(200);
      expect(health.fingerprint).toBe(certificate.fingerprint256);
      // A certificate the server made for itself is a try-out: no HSTS to remember.
      expect(health.headers['strict-transport-security']).toBeUndefined();

      // Plain http on the https port gets no answer: the connection is closed.
      await expect(fetch(`http://127.0.0.1:${String(port)}/api/health`)).rejects.toThrow();
      // Trackers keep plain http on their own port: an unsigned message is refused, over http.
      const device = await fetch(`http://127.0.0.1:${String(devicePort)}${DEVICE_LINK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(device.status).toBe(401);

      expect(output).toContain(`running at https://127.0.0.1:${String(port)}/`);
      expect(output).toContain(`Device link: http://127.0.0.1:${String(devicePort)}`);
      expect(output).toContain('Advanced → Proceed');
      await stop();
    },
    START_MS + 60_000,
  );

  it(
    'serves the same certificate on the next start',
    async () => {
      const before = new X509Certificate(generatedCert()).fingerprint256;
      const { port } = await start({ HTTPS: '1' });
      const health = await httpsGet(port, '/api/health', generatedCert());
      expect(health.status).toBe(200);
      expect(health.fingerprint).toBe(before);
      await stop();
    },
    START_MS + 60_000,
  );

  it(
    'serves TLS_CERT_FILE and TLS_KEY_FILE when given, with HSTS',
    async () => {
      const own = await loadTlsCredentials(
        { kind: 'generated', dir: ownCertDir },
        { dns: ['localhost'], ips: ['127.0.0.1'] },
      );
      const { port } = await start({
        TLS_CERT_FILE: own.certFile,
        TLS_KEY_FILE: path.join(ownCertDir, GENERATED_KEY_FILE),
      });
      const health = await httpsGet(port, '/api/health', own.cert);
      expect(health.status).toBe(200);
      expect(health.fingerprint).toBe(new X509Certificate(own.cert).fingerprint256);
      expect(health.fingerprint).not.toBe(new X509Certificate(generatedCert()).fingerprint256);
      expect(health.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(output).toContain(`HTTPS with the certificate of TLS_CERT_FILE (${own.certFile})`);
      await stop();
    },
    START_MS + 60_000,
  );
});
