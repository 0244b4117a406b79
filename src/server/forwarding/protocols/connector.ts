import net, { isIP } from 'node:net';
import tls from 'node:tls';
import {
  createAddressCheck,
  NOTHING_ALLOWED,
  PUBLIC_TARGET_REQUIRED,
  systemResolver,
  type HostResolver,
  type TargetAllowance,
} from '@server/forwarding/targets';
import { hearErrorsForLife } from './socket-errors';
import { DeliveryError, type Connector } from './types';

/**
 * The one way a protocol reaches a receiver (issue 15 §4). A forward's host was checked when it
 * was saved, but a name can be re-pointed since (DNS rebinding), so every connection resolves the
 * name again, refuses it when any address is in a refused range the operator did not allow, and
 * then connects to that checked address itself: nothing resolves the name a second time.
 */

export interface ConnectorOptions {
  /** FORWARD_TARGETS_ALLOWED; nothing by default. */
  allowance?: TargetAllowance;
  /** Name resolution; the system's (`dns.lookup`, 1.5 s) by default. Tests map names to 127.0.0.1. */
  resolve?: HostResolver;
  /** Resolution, TCP connection and TLS handshake together; 5 s by default. */
  connectTimeoutMs?: number;
  /** From a request written to its whole answer read; 15 s by default. */
  answerTimeoutMs?: number;
  /**
   * The ports on which a target is spoken to over TLS. A forward has no TLS field (spec 02 §3),
   * so the port says it, as the well-known ports do: HTTP 443 and 8443, MQTT 8883.
   */
  tlsPorts?: { http?: readonly number[]; mqtt?: readonly number[] };
  /** Certificate authorities trusted besides the system's (a private receiver, tests). */
  ca?: string | Buffer;
}

export const DEFAULT_TLS_PORTS = { http: [443, 8443], mqtt: [8883] } as const;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_ANSWER_TIMEOUT_MS = 15_000;

const seconds = (ms: number) => `${String(Math.round(ms / 100) / 10)} s`;

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
  EPIPE: 'connection closed',
};

/** A socket or TLS error as a short text for the forward's health (never a secret in it). */
export function describeNetworkError(error: unknown): string {
  if (error instanceof DeliveryError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in NETWORK_ERRORS) return NETWORK_ERRORS[code] ?? code;
  return error instanceof Error ? error.message : String(error);
}

export function createConnector(options: ConnectorOptions = {}): Connector {
  const refusal = createAddressCheck(options.allowance ?? NOTHING_ALLOWED);
  const resolve = options.resolve ?? systemResolver;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  const tlsPorts = {
    http: new Set(options.tlsPorts?.http ?? DEFAULT_TLS_PORTS.http),
    mqtt: new Set(options.tlsPorts?.mqtt ?? DEFAULT_TLS_PORTS.mqtt),
  };
  // An extra CA adds to the system's roots rather than replacing them; built once, as reading
  // every root takes a noticeable moment of CPU.
  const secureContext =
    options.ca === undefined
      ? undefined
      : tls.createSecureContext({ ca: [...tls.rootCertificates, options.ca] });

  /** Every address of `host`, each one allowed, or a DeliveryError before anything is contacted. */
  async function checkedAddresses(host: string): Promise<string[]> {
    if (isIP(host) !== 0) {
      const why = refusal(host);
      if (why) throw new DeliveryError(`${PUBLIC_TARGET_REQUIRED}: ${host} is ${why}`);
      return [host];
    }
    const addresses = await resolve(host);
    if (addresses.length === 0) throw new DeliveryError(`${host} does not resolve`);
    for (const address of addresses) {
      const why = refusal(address);
      if (why) {
        throw new DeliveryError(`${PUBLIC_TARGET_REQUIRED}: ${host} points to ${why} (${address})`);
      }
    }
    return addresses;
  }

  function tcp(address: string, port: number, track: (socket: net.Socket) => void) {
    return new Promise<net.Socket>((resolvePromise, reject) => {
      const socket = hearErrorsForLife(net.connect({ host: address, port }));
      track(socket);
      const closed = () => {
        reject(new Error('connection closed'));
      };
      socket.on('error', reject);
      socket.once('close', closed);
      socket.once('connect', () => {
        socket.off('error', reject);
        socket.off('close', closed);
        resolvePromise(socket);
      });
    });
  }

  function handshake(socket: net.Socket, host: string, track: (socket: net.Socket) => void) {
    return new Promise<tls.TLSSocket>((resolvePromise, reject) => {
      const secure = hearErrorsForLife(
        tls.connect({
          socket,
          // The certificate is checked against the name (or address) the forward gives.
          host,
          ...(isIP(host) === 0 ? { servername: host } : {}),
          ...(secureContext ? { secureContext } : {}),
        }),
      );
      track(secure);
      const failed = (error: Error) => {
        reject(new DeliveryError(`TLS with ${host} failed: ${error.message}`));
      };
      const closed = () => {
        failed(new Error('connection closed during the handshake'));
      };
      secure.on('error', failed);
      secure.once('close', closed);
      secure.once('secureConnect', () => {
        secure.off('error', failed);
        secure.off('close', closed);
        resolvePromise(secure);
      });
    });
  }

  async function open(host: string, port: number, useTls: boolean, track: (s: net.Socket) => void) {
    const addresses = await checkedAddresses(host);
    let lastError: unknown;
    // Each checked address in turn (IPv6 and IPv4 of one name), within the one deadline.
    for (const address of addresses) {
      let socket: net.Socket;
      try {
        socket = await tcp(address, port, track);
      } catch (error) {
        lastError = error;
        continue;
      }
      return useTls ? await handshake(socket, host, track) : socket;
    }
    throw new DeliveryError(
      `Could not connect to ${host}:${String(port)}: ${describeNetworkError(lastError)}`,
    );
  }

  return {
    connectTimeoutMs,
    answerTimeoutMs,
    usesTls: (kind, port) => tlsPorts[kind].has(port),
    async connect(host, port, connectOptions) {
      let current: net.Socket | undefined;
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const track = (socket: net.Socket) => {
        current = socket;
        // A socket that connects after the deadline is closed rather than leaked.
        if (timedOut) socket.destroy();
      };
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          current?.destroy();
          reject(
            new DeliveryError(
              `Connecting to ${host}:${String(port)} timed out after ${seconds(connectTimeoutMs)}`,
            ),
          );
        }, connectTimeoutMs);
      });
      const opening = open(host, port, connectOptions?.tls === true, track);
      opening.catch(() => undefined);
      try {
        const socket = await Promise.race([opening, deadline]);
        socket.setNoDelay(true);
        socket.setKeepAlive(true, 30_000);
        return socket;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
