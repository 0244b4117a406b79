import net from 'node:net';
import { serve, type OnMessage } from './common';

/**
 * A Wialon IPS 2.0 server, as far as a tracker sees one: a login (`#L#`) first, then data (`#D#`)
 * and black box (`#B#`) packets, each checksum verified (CRC-16/ARC, its own table-driven code so
 * it does not share the sender's) and answered as the protocol says. Records every message with
 * its fields and params.
 */

export interface WialonMessageSeen {
  imei: string;
  packet: 'D' | 'B';
  /** The 16 data fields: date, time, lat, N/S, lon, E/W, speed, course, height, sats, hdop,
   * inputs, outputs, adc, ibutton, params. */
  fields: string[];
  params: Record<string, string>;
}

export interface WialonReceiver {
  readonly port: number;
  readonly received: WialonMessageSeen[];
  readonly logins: { imei: string; password: string }[];
  /** Packets whose checksum did not match (answered with the protocol's checksum error). */
  readonly checksumErrors: number;
  readonly connections: number;
  /** Data answers: registered, refused (`#AD#0`, `#AB#0`), or none at all. */
  answer: 'ok' | 'refuse' | 'never';
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export interface WialonReceiverOptions {
  port?: number;
  host?: string;
  /** The units' password; any is accepted when unset. */
  password?: string;
  onMessage?: OnMessage;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  return crc;
});

function crc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0);
  }
  return crc;
}

/** `text` ends in its checksum; true when it matches what comes before it. */
function checksumOk(text: string, separator: ';' | '|'): boolean {
  const at = text.lastIndexOf(separator);
  const given = text.slice(at + 1);
  return (
    at >= 0 &&
    /^[0-9A-Fa-f]{1,4}$/.test(given) &&
    parseInt(given, 16) === crc16(text.slice(0, at + 1))
  );
}

function paramsOf(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const param of text === 'NA' ? [] : text.split(',')) {
    const [name = '', , ...value] = param.split(':');
    params[name] = value.join(':');
  }
  return params;
}

export async function startWialonReceiver(
  options: WialonReceiverOptions = {},
): Promise<WialonReceiver> {
  const host = options.host ?? '127.0.0.1';
  const received: WialonMessageSeen[] = [];
  const logins: { imei: string; password: string }[] = [];
  let checksumErrors = 0;

  const record = (imei: string, packet: 'D' | 'B', entry: string) => {
    const fields = entry.split(';');
    const params = paramsOf(fields[15] ?? 'NA');
    received.push({ imei, packet, fields, params });
    options.onMessage?.({
      imei,
      messageType: params.type ?? '?',
      messageId: params.msgid ?? '?',
      replayed: params.replayed === '1',
    });
  };

  /** The answer to one packet (without \r\n), or null for none. */
  const answerTo = (session: { imei: string | null }, line: string): string | null => {
    const match = /^#([A-Z]+)#(.*)$/s.exec(line);
    const [, type = '', body = ''] = match ?? [];
    if (type === 'P') return '#AP#';
    if (type === 'L') {
      const [, imei = '', password = ''] = body.split(';');
      if (!checksumOk(body, ';')) {
        checksumErrors++;
        return '#AL#10';
      }
      if (options.password !== undefined && password !== options.password) return '#AL#01';
      logins.push({ imei, password });
      session.imei = imei;
      return '#AL#1';
    }
    if (receiver.answer === 'never') return null;
    if (type === 'D') {
      if (session.imei === null) return '#AD#-1';
      if (!checksumOk(body, ';')) {
        checksumErrors++;
        return '#AD#16';
      }
      if (receiver.answer === 'refuse') return '#AD#0';
      record(session.imei, 'D', body.slice(0, body.lastIndexOf(';')));
      return '#AD#1';
    }
    if (type === 'B') {
      if (session.imei === null) return '#AB#0';
      if (!checksumOk(body, '|')) {
        checksumErrors++;
        return '#AB#';
      }
      if (receiver.answer === 'refuse') return '#AB#0';
      const entries = body.slice(0, body.lastIndexOf('|')).split('|');
      for (const entry of entries) record(session.imei, 'B', entry);
      return `#AB#${String(entries.length)}`;
    }
    return null;
  };

  const server = net.createServer((socket) => {
    const session = { imei: null as string | null };
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const answer = answerTo(session, buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (answer !== null) socket.write(`${answer}\r\n`);
      }
    });
  });
  const served = await serve(server, options.port ?? 0, host);
  // Assigned onto `served`, so its getters stay live.
  const receiver: WialonReceiver = Object.defineProperty(
    Object.assign(served, { received, logins, answer: 'ok' }),
    'checksumErrors',
    { get: () => checksumErrors, enumerable: true },
  ) as WialonReceiver;
  return receiver;
}
