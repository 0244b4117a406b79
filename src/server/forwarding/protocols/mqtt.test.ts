import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen, trackConnections, waitFor } from '@server/receiver/common';
import { startMqttReceiver, type MqttReceiver } from '@server/receiver/mqtt';
import { envelopeJson } from '@server/forwarding/envelope';
import {
  forwardTarget,
  OTHER_IMEI,
  outgoing,
  testConnector,
  testResolver,
  failureOf,
} from '@server/forwarding/test/protocol-fixtures';
import { createConnector } from './connector';
import { createMqttSender } from './mqtt';
import type { Connector, ForwardTarget } from './types';

const CREDENTIALS = { username: 'forward-7', password: 'broker-secret' };

const senders: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.close();
});

function sender(port: number, target: Partial<ForwardTarget> = {}, connector?: Connector) {
  const created = createMqttSender(
    forwardTarget({ protocolId: 1, port, ...CREDENTIALS, ...target }),
    connector ?? testConnector(),
  );
  senders.push(created);
  return created;
}

describe('MQTT sender (mosquitto)', () => {
  let broker: MqttReceiver;
  beforeAll(async () => {
    broker = await startMqttReceiver({ credentials: CREDENTIALS });
  });
  afterAll(async () => {
    await broker.close();
  });

  it('publishes each message in order to fleet-portal/{IMEI}/{type}, its envelope as payload', async () => {
    const batch = [
      outgoing(),
      outgoing({ messageType: 'TD' }),
      outgoing({ imei: OTHER_IMEI, replayed: true }),
      outgoing(),
    ];
    const before = broker.received.length;
    await sender(broker.port).send(batch);
    await waitFor(() => broker.received.length >= before + 4, 'four messages');
    const got = broker.received.slice(before);
    expect(got.map((m) => m.topic)).toEqual(
      batch.map((m) => `fleet-portal/${m.imei}/${m.messageType}`),
    );
    expect(got.map((m) => JSON.stringify(m.envelope))).toEqual(
      batch.map((m) => JSON.stringify(JSON.parse(envelopeJson(m)))),
    );
  });

  it('refuses wrong credentials (the broker says so) and publishes nothing', async () => {
    const before = broker.received.length;
    const error = await failureOf(sender(broker.port, { password: 'wrong' }).send([outgoing()]));
    expect(error.message).toMatch(/^MQTT localhost:\d+: the broker refused the connection/);
    const anonymous = await failureOf(
      sender(broker.port, { username: null, password: null }).send([outgoing()]),
    );
    expect(anonymous.message).toContain('refused the connection');
    expect(broker.received.length).toBe(before);
  });

  it('keeps its connection between batches and reconnects after the broker was down', async () => {
    const mqtt = sender(broker.port);
    await mqtt.send([outgoing()]);
    await mqtt.send([outgoing()]);
    await broker.down();
    await failureOf(mqtt.send([outgoing()]));
    await broker.up();
    const message = outgoing();
    await mqtt.send([message]);
    await waitFor(
      () =>
        broker.received.some(
          (m) => m.envelope.MessageId === `${message.imei}-${String(message.rawId)}`,
        ),
      'the message sent after the broker came back',
    );
  });

  it('never contacts a refused target', async () => {
    const connector = createConnector({ resolve: testResolver });
    const error = await failureOf(
      sender(broker.port, { host: 'receiver.example.com' }, connector).send([outgoing()]),
    );
    expect(error.message).toContain('points to a loopback address');
  });
});

describe('MQTT sender over TLS', () => {
  it('speaks TLS on a TLS port, trusting the configured CA', async () => {
    const broker = await startMqttReceiver({ tls: true });
    try {
      const connector = testConnector({ tlsPorts: { mqtt: [broker.port] } });
      await sender(broker.port, { username: null, password: null }, connector).send([outgoing()]);
      await waitFor(() => broker.received.length === 1, 'the message over TLS');
    } finally {
      await broker.close();
    }
  });
});

describe('MQTT sender against a silent server', () => {
  it('times out waiting for CONNACK, and never reaches a refused address', async () => {
    const server = net.createServer(() => undefined);
    const connections = trackConnections(server);
    const port = await listen(server, 0, '127.0.0.1');
    try {
      const connector = testConnector({ connectTimeoutMs: 300 });
      const started = Date.now();
      const error = await failureOf(sender(port, {}, connector).send([outgoing()]));
      expect(error.message).toMatch(/^MQTT localhost:\d+: no answer \(CONNACK\) within 0.3 s$/);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(connections.count).toBe(1);

      const refused = createConnector({ resolve: testResolver });
      await failureOf(sender(port, { host: '127.0.0.1' }, refused).send([outgoing()]));
      expect(connections.count).toBe(1);
    } finally {
      connections.dropAll();
      server.close();
    }
  });
});
