import { startMqttReceiver } from '@server/receiver/mqtt';
import { startWialonReceiver } from '@server/receiver/wialon';
import { startHostileReceiver } from '@server/forwarding/test/hostile-receiver';
import {
  batchOf,
  casesAt,
  describeHostile,
  inFlightBytes,
  type HostileSetup,
} from '@server/forwarding/test/hostile-scenarios';
import { forwardTarget, testConnector } from '@server/forwarding/test/protocol-fixtures';
import { createMqttSender } from './mqtt';
import { createWialonIpsSender } from './wialon-ips';

/**
 * MQTT and Wialon IPS senders, which keep a connection open between batches, against a receiver
 * that accepts and then breaks the connection at each stage of their protocol (issue 25): each
 * send fails as an ordinary failure, no socket error goes unheard, and the forward delivers again
 * once the receiver is good; a kept connection dropped while idle costs nothing.
 */

const ALL = ['reset', 'half-close', 'close'] as const;
const small = () => batchOf(3);

/** An MQTT CONNACK is 4 bytes; what mosquitto answers first. */
const CONNACK_BYTES = 4;
/** One publish large enough to be still in flight when the broker breaks. */
const inFlightPublish = () => batchOf(1, inFlightBytes());

async function mqttSetup(): Promise<HostileSetup> {
  const broker = await startMqttReceiver();
  const hostile = await startHostileReceiver({ upstreamPort: broker.port });
  const connector = testConnector();
  return {
    hostile,
    sender: () => createMqttSender(forwardTarget({ protocolId: 1, port: hostile.port }), connector),
    delivered: () => broker.received.map((seen) => seen.envelope.MessageId),
    close: async () => {
      await hostile.close();
      await broker.close();
    },
  };
}

/** `#AL#1\r\n`: the Wialon server's answer to a login it accepts. */
const LOGIN_ANSWER_BYTES = 7;
/** A black box packet of this many messages runs to several hundred kilobytes. */
const longBlackBox = () => batchOf(4000);

async function wialonSetup(): Promise<HostileSetup> {
  const server = await startWialonReceiver();
  const hostile = await startHostileReceiver({ upstreamPort: server.port });
  const connector = testConnector();
  return {
    hostile,
    sender: () =>
      createWialonIpsSender(forwardTarget({ protocolId: 2, port: hostile.port }), connector),
    delivered: () => server.received.map((seen) => seen.params.msgid ?? ''),
    close: async () => {
      await hostile.close();
      await server.close();
    },
  };
}

describeHostile(
  'MQTT sender',
  mqttSetup,
  [
    ...casesAt('accepts', { after: 'accept' }, ALL, small),
    ...casesAt('reads the first bytes of CONNECT', { after: 'sent', bytes: 1 }, ALL, small),
    ...casesAt(
      'sends CONNACK, before any PUBACK',
      { after: 'answered', bytes: CONNACK_BYTES },
      ALL,
      small,
    ),
    ...casesAt('reads part of a publish', { after: 'sent', bytes: 100_000 }, ALL, inFlightPublish),
  ],
  ['reset', 'half-close'],
);

describeHostile(
  'Wialon IPS sender',
  wialonSetup,
  [
    ...casesAt('accepts', { after: 'accept' }, ALL, small),
    ...casesAt('reads the first bytes of the login', { after: 'sent', bytes: 1 }, ALL, small),
    ...casesAt(
      'accepts the login, before any data answer',
      { after: 'answered', bytes: LOGIN_ANSWER_BYTES },
      ALL,
      small,
    ),
    ...casesAt(
      'reads part of a black box packet',
      { after: 'sent', bytes: 100_000 },
      ALL,
      longBlackBox,
    ),
  ],
  ['reset', 'half-close'],
);
