import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { DEFAULT_DEVICE_PORT } from '@shared/devices/device-link';
import type { TlsSetting } from './http/tls';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { NOTHING_ALLOWED, parseTargetAllowance, type TargetAllowance } from './forwarding/targets';
import { DEFAULT_SESSION_IDLE_DAYS, DEFAULT_SESSION_MAX_DAYS } from './auth/sessions';
import { DEFAULT_TOKEN_TTL_SECONDS } from './auth/tokens';

export interface ServerConfig {
  port: number;
  /** Port of the device link alone (spec 03 §9: {host}:5000/api/v1/devices); 0 disables it. */
  devicePort: number;
  /** True when DEVICE_PORT was set explicitly, so failing to listen on it is fatal. */
  devicePortExplicit: boolean;
  /** HOST, when set; unset, the start chooses (`listenHost`): loopback with the demo data. */
  host: string | undefined;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  databaseUrl: string | undefined;
  dataDir: string;
  tokenSecret: string;
  /** Key of the secret box (auth/secret-box.ts): forward secrets, device credentials. */
  secretsKey: string;
  tokenTtlSeconds: number;
  /** Sign-in sessions end after this many days without a refresh, and this many after sign-in. */
  sessionIdleDays: number;
  sessionMaxDays: number;
  /** Folder of the built PWA; not served when it does not exist. */
  staticDir: string;
  logLevel: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /**
   * Refused forward targets the operator lets through (FORWARD_TARGETS_ALLOWED); unset, the
   * start chooses (`forwardTargetsFor`): loopback with the demo data, else nothing.
   */
  forwardTargetsAllowed: TargetAllowance | undefined;
  /** How often the tacho download scheduler runs (TACHO_SCHEDULER_INTERVAL_MS); 0 disables it. */
  tachoSchedulerIntervalMs: number;
  /** Message forwarding (issue 15): FORWARDING=off stops this instance from delivering. */
  forwarding: boolean;
  /** FORWARD_RETENTION_DAYS: undelivered messages older than this are given up (default 7). */
  forwardRetentionDays: number;
  /** FORWARD_CA_FILE: certificate authorities (PEM) trusted for receivers besides the system's. */
  forwardCa: string | undefined;
  /**
   * FORWARD_INSTANCE: this instance's name in the forward leases (default host name and port),
   * so a restarted instance takes its forwards back at once instead of waiting for the lease.
   */
  forwardInstance: string;
  /** FORWARD_RESOLVE: fixed addresses for receiver names (`name=address,…`), like curl --resolve. */
  forwardResolve: Map<string, string>;
  /** The portal's port over https (HTTPS=1, or TLS_CERT_FILE and TLS_KEY_FILE); unset: http. */
  tls: TlsSetting | undefined;
}

/** `name=address,name=address`: names in lower case; a malformed entry stops the start. */
export function parseForwardResolve(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name, address, ...rest] = entry.split('=');
    if (!name || !address || rest.length > 0 || isIP(address.trim()) === 0)
      throw new Error(`FORWARD_RESOLVE: ${JSON.stringify(entry)} is not name=address`);
    map.set(name.trim().toLowerCase(), address.trim());
  }
  return map;
}

/** HTTPS: `1`/`true`/`on` or `0`/`false`/`off`/empty; anything else stops the start. */
function parseSwitch(name: string, value: string | undefined): boolean {
  const normalized = (value ?? '').trim().toLowerCase();
  if (['1', 'true', 'on'].includes(normalized)) return true;
  if (['', '0', 'false', 'off'].includes(normalized)) return false;
  throw new Error(`${name}: ${JSON.stringify(value)} is neither 1 nor 0`);
}

/**
 * Whether and how the portal's port speaks https (decision 068): TLS_CERT_FILE and TLS_KEY_FILE
 * (both, and they turn it on) take precedence; HTTPS=1 alone makes a certificate for this machine
 * and keeps it in DATA_DIR/tls.
 */
export function tlsSettingFrom(env: NodeJS.ProcessEnv, dataDir: string): TlsSetting | undefined {
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  const https = parseSwitch('HTTPS', env.HTTPS);
  if (certFile || keyFile) {
    if (!certFile || !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together');
    if (env.HTTPS && !https)
      throw new Error(`HTTPS=${env.HTTPS} contradicts TLS_CERT_FILE and TLS_KEY_FILE`);
    return { kind: 'files', certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
  }
  return https ? { kind: 'generated', dir: path.join(dataDir, 'tls') } : undefined;
}

/**
 * A secret from the environment, else from a file in the data dir (generated on first start), so
 * tokens and encrypted values survive restarts without any set-up.
 */
function secretFrom(value: string | undefined, dataDir: string, fileName: string): string {
  if (value) return value;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The scheduler's default: once an hour (each vehicle and driver is asked at most daily anyway). */
export const DEFAULT_TACHO_SCHEDULER_INTERVAL_MS = 3_600_000;

/** A number of 0 or more from the environment; unset, empty or nonsense falls back to the default. */
function zeroOrMore(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isFinite(number) && number >= 0 ? number : fallback;
}

/** A positive number from the environment; unset, empty or nonsense falls back to the default. */
function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
}

/**
 * Where the portal and the device port listen: HOST when set; else, with the demo data (whose
 * passwords the README prints), this machine only ('localhost': 127.0.0.1 and ::1), and every
 * interface otherwise (decision 051).
 */
export function listenHost(config: Pick<ServerConfig, 'host'>, demoData: boolean): string {
  return config.host ?? (demoData ? 'localhost' : '0.0.0.0');
}

/**
 * What forwards may send to besides public addresses: FORWARD_TARGETS_ALLOWED when set (empty:
 * nothing); else, with the demo data, loopback, where the demo forwards point (the local
 * receivers of `npm run receiver`), and nothing otherwise (decision 051).
 */
export function forwardTargetsFor(
  config: Pick<ServerConfig, 'forwardTargetsAllowed'>,
  demoData: boolean,
): TargetAllowance {
  return config.forwardTargetsAllowed ?? (demoData ? LOOPBACK_ALLOWED : NOTHING_ALLOWED);
}

const LOOPBACK_ALLOWED: TargetAllowance = { ranges: ['loopback'], cidrs: [] };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    devicePort: Number(env.DEVICE_PORT ?? DEFAULT_DEVICE_PORT),
    devicePortExplicit: env.DEVICE_PORT !== undefined && env.DEVICE_PORT !== '',
    host: env.HOST || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    tokenSecret: secretFrom(env.TOKEN_SECRET, dataDir, 'token-secret'),
    secretsKey: secretFrom(env.SECRETS_KEY, dataDir, 'secrets-key'),
    tokenTtlSeconds: positive(env.TOKEN_TTL_SECONDS, DEFAULT_TOKEN_TTL_SECONDS),
    sessionIdleDays: positive(env.SESSION_IDLE_DAYS, DEFAULT_SESSION_IDLE_DAYS),
    sessionMaxDays: positive(env.SESSION_MAX_DAYS, DEFAULT_SESSION_MAX_DAYS),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    forwardTargetsAllowed:
      env.FORWARD_TARGETS_ALLOWED === undefined
        ? undefined
        : parseTargetAllowance(env.FORWARD_TARGETS_ALLOWED),
    tachoSchedulerIntervalMs: zeroOrMore(
      env.TACHO_SCHEDULER_INTERVAL_MS,
      DEFAULT_TACHO_SCHEDULER_INTERVAL_MS,
    ),
    forwarding: env.FORWARDING !== 'off',
    forwardRetentionDays: positive(env.FORWARD_RETENTION_DAYS, 7),
    forwardCa: env.FORWARD_CA_FILE ? readFileSync(env.FORWARD_CA_FILE, 'utf8') : undefined,
    forwardResolve: parseForwardResolve(env.FORWARD_RESOLVE),
    forwardInstance: env.FORWARD_INSTANCE || `${hostname()}:${env.PORT ?? '8080'}`,
    tls: tlsSettingFrom(env, dataDir),
  };
}
