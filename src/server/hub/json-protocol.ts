/** The JSON hub protocol: UTF-8 JSON objects, each followed by the record separator 0x1E. */
import { MessageType, ProtocolError, type HubMessage, type HubProtocol } from './messages';
import { toHubMessage, type RawFields } from './validate';

export const RECORD_SEPARATOR = 0x1e;
const SEPARATOR_TEXT = String.fromCharCode(RECORD_SEPARATOR);

function parseOne(bytes: Buffer): HubMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ProtocolError('Error reading JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('Unexpected JSON Token Type. Expected a JSON Object.');
  }
  return toHubMessage(value as RawFields);
}

/** What goes on the wire: only the fields the message type defines. */
function toWire(message: HubMessage): Record<string, unknown> {
  switch (message.type) {
    case MessageType.Completion:
      return message.error === undefined
        ? { type: message.type, invocationId: message.invocationId, result: message.result }
        : { type: message.type, invocationId: message.invocationId, error: message.error };
    case MessageType.Close:
      return {
        type: message.type,
        ...(message.error === undefined ? {} : { error: message.error }),
        ...(message.allowReconnect ? { allowReconnect: true } : {}),
      };
    default:
      return message as unknown as Record<string, unknown>;
  }
}

export const jsonProtocol: HubProtocol = {
  name: 'json',
  binary: false,
  parse(data, maxMessageBytes) {
    const messages: HubMessage[] = [];
    let start = 0;
    for (;;) {
      const end = data.indexOf(RECORD_SEPARATOR, start);
      if (end < 0) break;
      if (end - start > maxMessageBytes) throw new ProtocolError('The message is too large.');
      const message = parseOne(data.subarray(start, end));
      if (message) messages.push(message);
      start = end + 1;
    }
    if (data.length - start > maxMessageBytes) throw new ProtocolError('The message is too large.');
    return { messages, rest: start < data.length ? Buffer.from(data.subarray(start)) : null };
  },
  write(message) {
    // JSON.stringify leaves out an undefined result: the client reads that as a void completion.
    return JSON.stringify(toWire(message)) + SEPARATOR_TEXT;
  },
};
