import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { namesNotCovered, type SubjectNames } from './tls-names';

/**
 * Where the portal's certificate comes from (HTTPS, TLS_CERT_FILE, TLS_KEY_FILE): files the
 * operator gives (a real certificate, or mkcert's), or one this server makes for itself and keeps
 * in `dir` (DATA_DIR/tls).
 */
export type TlsSetting =
  { kind: 'files'; certFile: string; keyFile: string } | { kind: 'generated'; dir: string };

/** What the server listens with, and where the certificate came from (banner, HSTS). */
export interface TlsCredentials {
  key: string;
  cert: string;
  certFile: string;
  /** True when this server made the certificate: no browser trusts it. */
  selfGenerated: boolean;
  /** True when it was made on this start (not reused from an earlier one). */
  made: boolean;
}

export const GENERATED_CERT_FILE = 'cert.pem';
export const GENERATED_KEY_FILE = 'key.pem';
/** A year: within what every browser accepts for a server certificate (Apple: 825 days at most). */
const VALIDITY_DAYS = 365;
/** A certificate with less left than this is made anew at the next start. */
export const RENEW_BEFORE_DAYS = 30;
const DAY_MS = 86_400_000;

export async function loadTlsCredentials(
  setting: TlsSetting,
  names: SubjectNames,
  now = new Date(),
): Promise<TlsCredentials> {
  if (setting.kind === 'files') return credentialsFromFiles(setting.certFile, setting.keyFile);
  return generatedCredentials(setting.dir, names, now);
}

/** The operator's certificate and key, checked now so a wrong pair stops the start clearly. */
function credentialsFromFiles(certFile: string, keyFile: string): TlsCredentials {
  const cert = readFileSync(certFile, 'utf8');
  const key = readFileSync(keyFile, 'utf8');
  if (!new X509Certificate(cert).checkPrivateKey(createPrivateKey(key)))
    throw new Error(`TLS_KEY_FILE ${keyFile} is not the key of TLS_CERT_FILE ${certFile}`);
  return { cert, key, certFile, selfGenerated: false, made: false };
}

/**
 * The certificate kept in `dir`, reused while it is good for this machine: its key matches, it
 * has more than RENEW_BEFORE_DAYS left, and it covers every name `namesNotCovered` asks for. Else
 * a new one, so a phone only has to accept it again when it could not have worked anyway.
 */
async function generatedCredentials(
  dir: string,
  names: SubjectNames,
  now: Date,
): Promise<TlsCredentials> {
  const certFile = path.join(dir, GENERATED_CERT_FILE);
  const keyFile = path.join(dir, GENERATED_KEY_FILE);
  const kept = readKept(certFile, keyFile);
  if (kept && stillGood(kept.certificate, names, now))
    return { cert: kept.cert, key: kept.key, certFile, selfGenerated: true, made: false };

  const { cert, key } = await makeCertificate(names, now);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The key first: a start cut short between the two leaves a pair that does not match, which
  // the next start replaces (see stillGood).
  writeAtomically(keyFile, key, 0o600);
  writeAtomically(certFile, cert, 0o644);
  return { cert, key, certFile, selfGenerated: true, made: true };
}

function readKept(certFile: string, keyFile: string) {
  try {
    const cert = readFileSync(certFile, 'utf8');
    const key = readFileSync(keyFile, 'utf8');
    const certificate = new X509Certificate(cert);
    if (!certificate.checkPrivateKey(createPrivateKey(key))) return null;
    return { cert, key, certificate };
  } catch {
    // Missing or unreadable: made anew.
    return null;
  }
}

function stillGood(certificate: X509Certificate, names: SubjectNames, now: Date): boolean {
  const validFrom = new Date(certificate.validFrom).getTime();
  const validTo = new Date(certificate.validTo).getTime();
  return (
    validFrom <= now.getTime() &&
    validTo - now.getTime() > RENEW_BEFORE_DAYS * DAY_MS &&
    namesNotCovered(certificate, names).length === 0
  );
}

async function makeCertificate(names: SubjectNames, now: Date) {
  // Loaded only here: a start without HTTPS never reads the X.509 libraries.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'Fleet Portal (self-signed)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    // A day back: a phone whose clock is a little behind must not find it not yet valid.
    notBeforeDate: new Date(now.getTime() - DAY_MS),
    notAfterDate: new Date(now.getTime() + VALIDITY_DAYS * DAY_MS),
    // What browsers ask of a server certificate: a SAN for every name (the CN is not read),
    // serverAuth, not a CA (iOS also wants SHA-2 and at most 825 days).
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...names.dns.map((value) => ({ type: 2 as const, value })),
          ...names.ips.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/** Written whole or not at all (a temporary file renamed over it), with its mode from the start. */
function writeAtomically(file: string, content: string, mode: number) {
  const temporary = `${file}.${String(process.pid)}.tmp`;
  // A leftover of a start cut short would keep its own mode.
  rmSync(temporary, { force: true });
  writeFileSync(temporary, content, { mode });
  renameSync(temporary, file);
}
