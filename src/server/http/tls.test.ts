import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GENERATED_CERT_FILE,
  GENERATED_KEY_FILE,
  loadTlsCredentials,
  RENEW_BEFORE_DAYS,
} from './tls';
import type { SubjectNames } from './tls-names';

const NAMES: SubjectNames = {
  dns: ['localhost', 'laptop', 'laptop.local'],
  ips: ['127.0.0.1', '::1', '192.168.1.23', '2001:db8::23'],
};
const DAY_MS = 86_400_000;
const root = mkdtempSync(path.join(tmpdir(), 'fp-tls-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
let dirs = 0;
const newDir = () => path.join(root, `tls-${String(++dirs)}`);
const fingerprint = (cert: string) => new X509Certificate(cert).fingerprint256;

describe('the certificate this server makes for itself (HTTPS=1)', () => {
  it('covers every name, is kept with a key only its owner reads, and is reused', async () => {
    const dir = newDir();
    const first = await loadTlsCredentials({ kind: 'generated', dir }, NAMES);
    expect(first).toMatchObject({ made: true, selfGenerated: true });
    expect(first.certFile).toBe(path.join(dir, GENERATED_CERT_FILE));
    const certificate = new X509Certificate(readFileSync(first.certFile, 'utf8'));
    for (const ip of NAMES.ips) expect(certificate.checkIP(ip), ip).toBe(ip);
    for (const name of NAMES.dns)
      expect(certificate.checkHost(name, { subject: 'never' }), name).toBe(name);
    expect(certificate.ca).toBe(false);
    expect(certificate.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // serverAuth
    expect(statSync(path.join(dir, GENERATED_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const second = await loadTlsCredentials({ kind: 'generated', dir }, NAMES);
    expect(second.made).toBe(false);
    expect(fingerprint(second.cert)).toBe(fingerprint(first.cert));
    expect(second.key).toBe(first.key);
  });

  it('is made anew when the machine has a new IPv4 address or name, not for a new IPv6 one', async () => {
    const dir = newDir();
    const first = await loadTlsCredentials({ kind: 'generated', dir }, NAMES);
    const ipv6 = await loadTlsCredentials(
      { kind: 'generated', dir },
      { ...NAMES, ips: [...NAMES.ips, '2001:db8::99'] },
    );
    expect(ipv6.made).toBe(false);
    const moved = { ...NAMES, ips: [...NAMES.ips, '10.0.0.7'] };
    const renewed = await loadTlsCredentials({ kind: 'generated', dir }, moved);
    expect(renewed.made).toBe(true);
    expect(fingerprint(renewed.cert)).not.toBe(fingerprint(first.cert));
    expect(new X509Certificate(renewed.cert).checkIP('10.0.0.7')).toBe('10.0.0.7');
    const renamed = { ...moved, dns: [...moved.dns, 'laptop.example.com'] };
    expect((await loadTlsCredentials({ kind: 'generated', dir }, renamed)).made).toBe(true);
  });

  it(`is made anew ${String(RENEW_BEFORE_DAYS)} days before it expires`, async () => {
    const dir = newDir();
    const made = await loadTlsCredentials({ kind: 'generated', dir }, NAMES);
    const validTo = new Date(new X509Certificate(made.cert).validTo).getTime();
    const earlier = new Date(validTo - (RENEW_BEFORE_DAYS + 1) * DAY_MS);
    const later = new Date(validTo - (RENEW_BEFORE_DAYS - 1) * DAY_MS);
    expect((await loadTlsCredentials({ kind: 'generated', dir }, NAMES, earlier)).made).toBe(false);
    const renewed = await loadTlsCredentials({ kind: 'generated', dir }, NAMES, later);
    expect(renewed.made).toBe(true);
    expect(new Date(new X509Certificate(renewed.cert).validTo).getTime()).toBeGreaterThan(validTo);
  });

  it('is made anew when its key is not the certificate’s or a file is gone', async () => {
    const dir = newDir();
    const made = await loadTlsCredentials({ kind: 'generated', dir }, NAMES);
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    writeFileSync(
      path.join(dir, GENERATED_KEY_FILE),
      otherKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    const mismatched = await loadTlsCredentials({ kind: 'generated', dir }, NAMES);
    expect(mismatched.made).toBe(true);
    expect(fingerprint(mismatched.cert)).not.toBe(fingerprint(made.cert));
    rmSync(path.join(dir, GENERATED_CERT_FILE));
    expect((await loadTlsCredentials({ kind: 'generated', dir }, NAMES)).made).toBe(true);
  });
});

describe('a certificate of the operator’s own (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('is used as it is, and a key that is not its key stops the start', async () => {
    const given = await loadTlsCredentials({ kind: 'generated', dir: newDir() }, NAMES);
    const other = await loadTlsCredentials({ kind: 'generated', dir: newDir() }, NAMES);
    const keyFile = path.join(path.dirname(given.certFile), GENERATED_KEY_FILE);
    const files = { kind: 'files' as const, certFile: given.certFile, keyFile };
    const used = await loadTlsCredentials(files, NAMES);
    expect(used).toMatchObject({
      cert: given.cert,
      key: given.key,
      selfGenerated: false,
      made: false,
    });

    const otherKeyFile = path.join(path.dirname(other.certFile), GENERATED_KEY_FILE);
    await expect(loadTlsCredentials({ ...files, keyFile: otherKeyFile }, NAMES)).rejects.toThrow(
      /TLS_KEY_FILE .* is not the key of TLS_CERT_FILE/,
    );
  });
});
