import { afterEach, describe, expect, it } from 'vitest';
import { startWialonReceiver, type WialonReceiver } from '@server/receiver/wialon';
import { messageIdOf } from '@server/forwarding/envelope';
import {
  forwardTarget,
  IMEI,
  OTHER_IMEI,
  outgoing,
  testConnector,
  testResolver,
  failureOf,
} from '@server/forwarding/test/protocol-fixtures';
import { createConnector } from './connector';
import type { Connector, ForwardTarget } from './types';
import { createWialonIpsSender } from './wialon-ips';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(password?: string) {
  const started = await startWialonReceiver(password === undefined ? {} : { password });
  cleanups.push(started.close);
  return started;
}

function sender(at: WialonReceiver, target: Partial<ForwardTarget> = {}, connector?: Connector) {
  const created = createWialonIpsSender(
    forwardTarget({ protocolId: 2, port: at.port, ...target }),
    connector ?? testConnector(),
  );
  cleanups.push(() => created.close());
  return created;
}

describe('Wialon IPS sender', () => {
  it('logs each device in with the password and sends its messages as a black box packet', async () => {
    const at = await receiver('unit-pass');
    const batch = [outgoing(), outgoing({ imei: OTHER_IMEI }), outgoing(), outgoing()];
    await sender(at, { password: 'unit-pass' }).send(batch);

    expect(at.checksumErrors).toBe(0);
    expect(at.logins).toEqual(
      expect.arrayContaining([
        { imei: IMEI, password: 'unit-pass' },
        { imei: OTHER_IMEI, password: 'unit-pass' },
      ]),
    );
    expect(at.connections).toBe(2);
    const mine = at.received.filter((m) => m.imei === IMEI);
    expect(mine.map((m) => m.packet)).toEqual(['B', 'B', 'B']);
    expect(mine.map((m) => m.params.msgid)).toEqual(
      batch.filter((m) => m.imei === IMEI).map(messageIdOf),
    );
    const other = at.received.filter((m) => m.imei === OTHER_IMEI);
    expect(other.map((m) => m.packet)).toEqual(['D']);
    expect(other[0]?.fields.slice(0, 6)).toEqual([
      '221126',
      '080000',
      '5222.2130',
      'N',
      '00453.7101',
      'E',
    ]);
    expect(other[0]?.params).toMatchObject({ type: 'RT', odo: '412345.678' });
  });

  it('logs in with NA without a password, and keeps the connection for the next batch', async () => {
    const at = await receiver();
    const wialon = sender(at);
    await wialon.send([outgoing()]);
    await wialon.send([outgoing({ replayed: true }), outgoing()]);
    expect(at.logins).toEqual([{ imei: IMEI, password: 'NA' }]);
    expect(at.connections).toBe(1);
    expect(at.received.map((m) => m.params.replayed ?? '0')).toEqual(['0', '1', '0']);
  });

  it('fails on a wrong password, a refused message, and a password it cannot carry', async () => {
    const at = await receiver('right');
    const wrong = await failureOf(sender(at, { password: 'wrong' }).send([outgoing()]));
    expect(wrong.message).toMatch(/refused the login of unit \d+: wrong password$/);

    at.answer = 'refuse';
    const wialon = sender(at, { password: 'right' });
    expect((await failureOf(wialon.send([outgoing()]))).message).toContain('incorrect time');
    expect((await failureOf(wialon.send([outgoing(), outgoing()]))).message).toContain(
      'took 2 messages of unit',
    );
    const before = at.connections;
    const unsafe = await failureOf(sender(at, { password: 'a;b' }).send([outgoing()]));
    expect(unsafe.message).toContain('password cannot contain');
    expect(at.connections).toBe(before);
    expect(at.received).toHaveLength(0);
  });

  it('gives up on a server that never answers after the answer timeout', async () => {
    const at = await receiver();
    at.answer = 'never';
    const started = Date.now();
    const connector = testConnector({ answerTimeoutMs: 300 });
    const error = await failureOf(sender(at, {}, connector).send([outgoing()]));
    expect(error.message).toContain('No #AD# answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails while the server is down, and delivers on a fresh connection once it is back', async () => {
    const at = await receiver();
    const wialon = sender(at);
    await wialon.send([outgoing()]);
    await at.down();
    await failureOf(wialon.send([outgoing()]));
    await at.up();
    await wialon.send([outgoing(), outgoing()]);
    expect(at.received).toHaveLength(3);
    expect(at.logins).toHaveLength(2);
  });

  it('logs in again when the server dropped a kept connection', async () => {
    const at = await receiver();
    const wialon = sender(at);
    await wialon.send([outgoing()]);
    await at.down(); // drops the kept connection
    await at.up();
    await wialon.send([outgoing()]);
    expect(at.received).toHaveLength(2);
  });

  it('never contacts a refused target', async () => {
    const at = await receiver();
    const connector = createConnector({ resolve: testResolver });
    const error = await failureOf(
      sender(at, { host: 'receiver.example.com' }, connector).send([outgoing()]),
    );
    expect(error.message).toContain('points to a loopback address');
    expect(at.connections).toBe(0);
  });
});
