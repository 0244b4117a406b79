import { byDevice, inParallel, oneAtATime } from './batching';
import { describeNetworkError } from './connector';
import {
  blackboxPacket,
  dataPacket,
  loginPacket,
  unsafeLoginField,
  WIALON_BLACKBOX_MAX,
  wialonDataFields,
} from './wialon-packets';
import { DeliveryError, type OutgoingMessage, type SenderFactory } from './types';
import { ConnectionLost, Session } from './wialon-session';

/**
 * Wialon IPS 2.0 (protocol 2) over TCP: the Wialon server sees each of our devices as a unit
 * whose id is the IMEI. The protocol carries one unit per connection, logged in first
 * (`#L#` → `#AL#1`), so the sender keeps a connection per device: opened and logged in on the
 * device's first batch, kept for the next ones while used (idle ones close after a minute, and at
 * most MAX_OPEN stay open per forward, least recently used closed first). A device's messages go
 * as one black box packet (`#B#`, answered `#AB#count`), a single one as a data packet (`#D#` →
 * `#AD#1`). Up to DEVICES_AT_ONCE devices of a batch are sent in parallel.
 */

const MAX_OPEN = 32;
const IDLE_MS = 60_000;
const DEVICES_AT_ONCE = 8;

const LOGIN_ANSWERS: Record<string, string> = {
  '0': 'the server rejected the unit',
  '01': 'wrong password',
  '10': 'login checksum error',
};

const DATA_ANSWERS: Record<string, string> = {
  '-1': 'packet structure error',
  '0': 'incorrect time',
  '10': 'coordinates error',
  '11': 'speed, course or height error',
  '12': 'satellites or HDOP error',
  '13': 'inputs or outputs error',
  '14': 'analog inputs error',
  '15': 'parameters error',
  '16': 'checksum error',
};

export const createWialonIpsSender: SenderFactory = (target, connector) => {
  const where = `Wialon ${target.host}:${String(target.port)}`;
  /** Idle sessions by IMEI, least recently used first (Map keeps insertion order). */
  const open = new Map<string, Session>();
  const serial = oneAtATime();
  let closed = false;

  function keep(imei: string, session: Session) {
    if (closed || !session.alive) {
      session.close();
      return;
    }
    open.set(imei, session);
    session.idleFor(IDLE_MS, () => {
      if (open.get(imei) === session) open.delete(imei);
    });
    for (const [oldest, idle] of open) {
      if (open.size <= MAX_OPEN) break;
      open.delete(oldest);
      idle.close();
    }
  }

  async function login(imei: string): Promise<Session> {
    const socket = await connector.connect(target.host, target.port);
    const session = new Session(socket, connector.answerTimeoutMs);
    const answer = await session.exchange(loginPacket(imei, target.password), 'AL');
    if (answer !== '1') {
      session.close();
      const why = LOGIN_ANSWERS[answer] ?? `answer ${JSON.stringify(answer.slice(0, 20))}`;
      throw new DeliveryError(`${where} refused the login of unit ${imei}: ${why}`);
    }
    return session;
  }

  async function sendAll(session: Session, imei: string, messages: readonly OutgoingMessage[]) {
    for (let start = 0; start < messages.length; start += WIALON_BLACKBOX_MAX) {
      const chunk = messages.slice(start, start + WIALON_BLACKBOX_MAX).map(wialonDataFields);
      if (chunk.length === 1) {
        const answer = await session.exchange(dataPacket(chunk[0] ?? ''), 'AD');
        if (answer === '1') continue;
        const why = DATA_ANSWERS[answer] ?? `answer ${JSON.stringify(answer.slice(0, 20))}`;
        throw new DeliveryError(`${where} refused a message of unit ${imei}: ${why}`);
      }
      const answer = await session.exchange(blackboxPacket(chunk), 'AB');
      if (answer !== String(chunk.length)) {
        const got = answer === '' ? 'a checksum error' : `${answer.slice(0, 20)} registered`;
        throw new DeliveryError(
          `${where} took ${String(chunk.length)} messages of unit ${imei} with ${got}`,
        );
      }
    }
  }

  /** Sends on `session`, then keeps it for the device's next batch; closes it on failure. */
  async function sendOn(session: Session, imei: string, messages: readonly OutgoingMessage[]) {
    try {
      await sendAll(session, imei, messages);
    } catch (error) {
      session.close();
      throw error;
    }
    keep(imei, session);
  }

  async function deliver(imei: string, messages: readonly OutgoingMessage[]) {
    const kept = open.get(imei);
    open.delete(imei);
    if (!kept?.alive) {
      kept?.close();
      await sendOn(await login(imei), imei, messages);
      return;
    }
    try {
      await sendOn(kept, imei, messages);
    } catch (error) {
      // A kept connection the server dropped while idle: once more, on a fresh one.
      if (!(error instanceof ConnectionLost)) throw error;
      await sendOn(await login(imei), imei, messages);
    }
  }

  return {
    send: (batch) =>
      serial(async () => {
        if (target.password !== null && unsafeLoginField(target.password)) {
          throw new DeliveryError(`${where}: the password cannot contain ; # or line breaks`);
        }
        try {
          await inParallel(byDevice(batch), DEVICES_AT_ONCE, ([imei, messages]) =>
            deliver(imei, messages),
          );
        } catch (error) {
          if (error instanceof DeliveryError) throw error;
          throw new DeliveryError(`${where}: ${describeNetworkError(error)}`);
        }
      }),
    close: () =>
      serial(() => {
        closed = true;
        for (const session of open.values()) session.close();
        open.clear();
        return Promise.resolve();
      }),
  };
};
