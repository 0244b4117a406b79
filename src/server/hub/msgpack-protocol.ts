/**
 * The MessagePack hub protocol: each message is a MessagePack array prefixed by its length as a
 * VarInt (7 bits per byte, low groups first, at most 5 bytes).
 */
import { Decoder, Encoder } from '@msgpack/msgpack';
import { MessageType, ProtocolError, type HubMessage, type HubProtocol } from './messages';
import { toHubMessage } from './validate';

const MAX_PREFIX_BYTES = 5;
/** Completion result kinds. */
const ERROR_RESULT = 1;
const VOID_RESULT = 2;
const NON_VOID_RESULT = 3;

const decoder = new Decoder();
const encoder = new Encoder();

/** Reads a VarInt length at `offset`; null when the prefix is not complete yet. */
function readLength(data: Buffer, offset: number): { length: number; size: number } | null {
  let length = 0;
  for (let i = 0; i < MAX_PREFIX_BYTES; i++) {
    const byte = data[offset + i];
    if (byte === undefined) return null;
    length += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return { length, size: i + 1 };
  }
  throw new ProtocolError('Messages over 2 GB are not supported.');
}

function parseOne(bytes: Buffer): HubMessage | null {
  let value: unknown;
  try {
    value = decoder.decode(bytes);
  } catch {
    throw new ProtocolError('Error reading MessagePack data.');
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw new ProtocolError('Unexpected MessagePack value. Expected an array.');
  }
  const [type, headers] = value as unknown[];
  if (type === MessageType.Close) {
    return toHubMessage({ type, error: value[1], allowReconnect: value[2] });
  }
  // Pings and unknown (future) types carry no headers.
  if (type === MessageType.Ping || (typeof type === 'number' && type > MessageType.Close)) {
    return toHubMessage({ type });
  }
  if (typeof headers !== 'object' || headers === null) throw new ProtocolError('Invalid headers.');
  return toHubMessage({
    type,
    invocationId: value[2],
    target: value[3],
    arguments: value[4],
    streamIds: value[5],
    result: value[4],
  });
}

function toArray(message: HubMessage): unknown[] {
  switch (message.type) {
    case MessageType.Invocation:
      return [message.type, {}, message.invocationId ?? null, message.target, message.arguments];
    case MessageType.Completion:
      if (message.error !== undefined) {
        return [message.type, {}, message.invocationId, ERROR_RESULT, message.error];
      }
      return message.result === undefined
        ? [message.type, {}, message.invocationId, VOID_RESULT]
        : [message.type, {}, message.invocationId, NON_VOID_RESULT, message.result];
    case MessageType.Ping:
      return [message.type];
    case MessageType.Close:
      return [message.type, message.error ?? null, message.allowReconnect === true];
    default:
      return [message.type, {}, message.invocationId];
  }
}

export const messagePackProtocol: HubProtocol = {
  name: 'messagepack',
  binary: true,
  parse(data, maxMessageBytes) {
    const messages: HubMessage[] = [];
    let offset = 0;
    while (offset < data.length) {
      const prefix = readLength(data, offset);
      if (!prefix) break;
      if (prefix.length > maxMessageBytes) throw new ProtocolError('The message is too large.');
      const start = offset + prefix.size;
      if (start + prefix.length > data.length) break;
      const message = parseOne(data.subarray(start, start + prefix.length));
      if (message) messages.push(message);
      offset = start + prefix.length;
    }
    return { messages, rest: offset < data.length ? Buffer.from(data.subarray(offset)) : null };
  },
  write(message) {
    const body = encoder.encode(toArray(message));
    const prefix: number[] = [];
    let size = body.length;
    do {
      let part = size & 0x7f;
      size = Math.floor(size / 128);
      if (size > 0) part |= 0x80;
      prefix.push(part);
    } while (size > 0);
    const out = Buffer.allocUnsafe(prefix.length + body.length);
    out.set(prefix, 0);
    out.set(body, prefix.length);
    return out;
  },
};
