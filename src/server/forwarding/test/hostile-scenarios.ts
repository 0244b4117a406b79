import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@server/receiver/common';
import { messageIdOf } from '@server/forwarding/envelope';
import type { OutgoingMessage, Sender } from '@server/forwarding/protocols/types';
import type { Breakage, HostileReceiver, Plan, Stage } from './hostile-receiver';
import { failureOf, IMEI, outgoing, TRACKING_BODY } from './protocol-fixtures';

/**
 * What the hostile-receiver tests share: the cases to try at a stage, a record of 'error' events
 * nobody heard (each would have stopped the server), and describeHostile, which runs the cases
 * against one protocol's sender.
 */

/** One way a receiver breaks a connection, and the batch sent into it. */
export interface HostileCase {
  name: string;
  plan: Plan;
  batch: () => OutgoingMessage[];
}

/** An HTTP answer sent as soon as the request begins, keep-alive (what a refusing proxy does). */
export const early = (status: number, reason: string) =>
  `HTTP/1.1 ${String(status)} ${reason}\r\nContent-Length: 0\r\n\r\n`;

/** The cases of `stage` broken in each of `breakages` (`answer` written first, when given). */
export function casesAt(
  name: string,
  stage: Stage,
  breakages: readonly Breakage[],
  batch: () => OutgoingMessage[],
  answer?: string,
): HostileCase[] {
  return breakages.map((breakage) => ({
    name: `${name}, then ${breakage === 'half-close' ? 'half-closes' : `${breakage}s`}`,
    plan: { stage, breakage, ...(answer === undefined ? {} : { answer }) },
    batch,
  }));
}

/** A batch of `count` tracking messages, each padded with about `bytes` more. */
export function batchOf(count: number, bytes = 0, imei = IMEI): OutgoingMessage[] {
  const Pad = 'x'.repeat(bytes);
  return Array.from({ length: count }, () =>
    outgoing({ imei, json: { ...TRACKING_BODY, IMEI: imei, Pad } }),
  );
}

/**
 * More bytes than the kernel's largest TCP send buffer takes at once, so a write of this size is
 * still in flight when the receiver breaks the connection (an EPIPE needs one).
 */
export function inFlightBytes(): number {
  let sendBufferMax = 4 * 1024 * 1024;
  try {
    const [, , max] = readFileSync('/proc/sys/net/ipv4/tcp_wmem', 'utf8').trim().split(/\s+/);
    sendBufferMax = Math.max(sendBufferMax, Number(max) || 0);
  } catch {
    // Not Linux: the usual maximum.
  }
  return sendBufferMax + 2 * 1024 * 1024;
}

/**
 * The errors that reached the process uncaught during each test: an 'error' event no listener
 * heard lands here (in production it stops the server).
 */
function watchUnheardErrors(): unknown[] {
  const unheard: unknown[] = [];
  const hear = (error: unknown) => {
    unheard.push(error);
  };
  beforeEach(() => {
    unheard.length = 0;
    process.prependListener('uncaughtException', hear);
  });
  afterEach(() => {
    process.off('uncaughtException', hear);
  });
  return unheard;
}

/** Every connection to the hostile receiver closed, and the events that came with it handled. */
export async function settled(hostile: HostileReceiver) {
  await waitFor(() => hostile.open === 0, 'the broken connections to close');
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The ids a receiver knows a batch's messages by (envelope MessageId, Wialon msgid). */
export const messageIds = (batch: readonly OutgoingMessage[]) => batch.map(messageIdOf);

/**
 * Sends `hostileCase`'s batch through a receiver that breaks the connection as its plan says:
 * the send fails as an ordinary DeliveryError and no error goes unheard. Then, the receiver good
 * again, the same sender delivers the next batch: resolves with its message ids.
 */
async function failsThenDelivers(
  hostile: HostileReceiver,
  hostileCase: HostileCase,
  sender: Sender,
  unheard: readonly unknown[],
): Promise<string[]> {
  hostile.plan = hostileCase.plan;
  const failure = failureOf(sender.send(hostileCase.batch()));
  await failure.catch(() => undefined);
  await settled(hostile);
  // First what would have stopped the server, then how the send ended.
  expect(unheard).toEqual([]);
  await failure;
  hostile.plan = 'pass';
  const next = batchOf(2);
  await sender.send(next);
  expect(unheard).toEqual([]);
  return messageIds(next);
}

/**
 * A receiver that drops a kept connection while it is idle, as `breakage` says: nothing goes
 * unheard, and the next batch is delivered. Resolves with its message ids.
 */
async function survivesIdleDrop(
  hostile: HostileReceiver,
  breakage: Breakage,
  sender: Sender,
  unheard: readonly unknown[],
): Promise<string[]> {
  hostile.plan = 'pass';
  await sender.send(batchOf(1));
  expect(hostile.open).toBeGreaterThan(0);
  hostile.breakAll(breakage);
  await settled(hostile);
  expect(unheard).toEqual([]);
  const next = batchOf(2);
  await sender.send(next);
  expect(unheard).toEqual([]);
  return messageIds(next);
}

/** A sender's protocol set up behind a hostile receiver. */
export interface HostileSetup {
  hostile: HostileReceiver;
  sender: () => Sender;
  /** The message ids the real receiver behind has taken so far. */
  delivered: () => string[];
  close: () => Promise<void>;
}

/**
 * A suite: each case with a fresh sender (it fails, nothing goes unheard, then it delivers), and
 * each of `idleDrops` dropping the kept connection between two sends.
 */
export function describeHostile(
  name: string,
  start: () => Promise<HostileSetup>,
  cases: readonly HostileCase[],
  idleDrops: readonly Breakage[] = [],
) {
  describe(name, () => {
    const unheard = watchUnheardErrors();
    let setup: HostileSetup;
    beforeAll(async () => {
      setup = await start();
    });
    afterAll(async () => {
      await setup.close();
    });

    const withSender = async (run: (sender: Sender) => Promise<string[]>) => {
      const sender = setup.sender();
      try {
        const ids = await run(sender);
        expect(setup.delivered()).toEqual(expect.arrayContaining(ids));
      } finally {
        await sender.close();
      }
    };

    it.each(cases.map((c) => [c.name, c] as const))(
      'a receiver that %s: the send fails, the server stays up',
      (_, hostileCase) =>
        withSender((sender) => failsThenDelivers(setup.hostile, hostileCase, sender, unheard)),
    );
    it.each(idleDrops)(
      'a receiver that drops the kept connection while idle (%s): the next send delivers',
      (breakage) =>
        withSender((sender) => survivesIdleDrop(setup.hostile, breakage, sender, unheard)),
    );
  });
}
