/** The handshake: `{"protocol":"json"|"messagepack","version":1}` + 0x1E, answered `{}` + 0x1E. */
import { jsonProtocol, RECORD_SEPARATOR } from './json-protocol';
import type { HubProtocol } from './messages';
import { messagePackProtocol } from './msgpack-protocol';

const PROTOCOLS: Record<string, HubProtocol | undefined> = {
  json: jsonProtocol,
  messagepack: messagePackProtocol,
};
const MAX_HANDSHAKE_BYTES = 4096;
const SEPARATOR = String.fromCharCode(RECORD_SEPARATOR);

export type HandshakeResult =
  | { protocol: HubProtocol; rest: Buffer | null }
  | { error: string }
  /** No separator yet: wait for more data. */
  | null;

export function readHandshake(data: Buffer): HandshakeResult {
  const end = data.indexOf(RECORD_SEPARATOR);
  if (end < 0) {
    return data.length > MAX_HANDSHAKE_BYTES ? { error: 'Handshake request is too large.' } : null;
  }
  let request: unknown;
  try {
    request = JSON.parse(data.subarray(0, end).toString('utf8'));
  } catch {
    return { error: 'Handshake request is not valid JSON.' };
  }
  const { protocol: name, version } = (request ?? {}) as { protocol?: unknown; version?: unknown };
  if (typeof name !== 'string' || typeof version !== 'number') {
    return { error: `Missing required property 'protocol' or 'version'.` };
  }
  // Own names only: 'toString' or 'constructor' are no protocols.
  const protocol = Object.hasOwn(PROTOCOLS, name) ? PROTOCOLS[name] : undefined;
  if (!protocol) return { error: `Requested protocol '${name}' is not available.` };
  if (version !== 1) {
    return { error: `The server does not support version ${version} of the '${name}' protocol.` };
  }
  return { protocol, rest: end + 1 < data.length ? Buffer.from(data.subarray(end + 1)) : null };
}

/** The answer: `{}` or `{"error": …}`, framed like the protocol's messages (binary or text). */
export function handshakeResponse(error: string | undefined, binary: boolean): string | Buffer {
  const text = (error === undefined ? '{}' : JSON.stringify({ error })) + SEPARATOR;
  return binary ? Buffer.from(text) : text;
}
