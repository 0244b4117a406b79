import { MqttClient } from 'mqtt';
import { envelopeJson } from '@server/forwarding/envelope';
import { oneAtATime } from './batching';
import { describeNetworkError } from './connector';
import {
  DeliveryError,
  type Connector,
  type ForwardTarget,
  type OutgoingMessage,
  type SenderFactory,
} from './types';

/**
 * MQTT (protocol 1): each message published with QoS 1, in batch order, to
 * `fleet-portal/{IMEI}/{MessageType}`, its envelope (envelope.ts) as payload; a batch is delivered
 * once the broker acknowledged (PUBACK) every message. One MQTT 3.1.1 client per forward stays
 * connected between batches (clean session, client id `fleet-portal-forward-{id}`, the forward's
 * Username and Password). mqtt.js does not reconnect by itself: a lost connection fails the batch
 * in flight, and the next send connects again, through the connector.
 */

export const mqttTopicOf = (imei: string, messageType: string) =>
  `fleet-portal/${imei}/${messageType}`;

export const mqttClientIdOf = (forwardId: number) => `fleet-portal-forward-${String(forwardId)}`;

const KEEPALIVE_SECONDS = 60;

/** A CONNACK refusal, CONNACK timeout or socket error as a short text. */
function describeMqttError(error: unknown, connector: Connector): string {
  const text = describeNetworkError(error);
  if (text.startsWith('Connection refused')) return `the broker refused the connection (${text})`;
  if (text === 'connack timeout') {
    return `no answer (CONNACK) within ${String(connector.connectTimeoutMs / 1000)} s`;
  }
  return text;
}

async function connectClient(target: ForwardTarget, connector: Connector): Promise<MqttClient> {
  const tls = connector.usesTls('mqtt', target.port);
  const socket = await connector.connect(target.host, target.port, { tls });
  const client = new MqttClient(() => socket, {
    protocolVersion: 4,
    clientId: mqttClientIdOf(target.forwardId),
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: connector.connectTimeoutMs,
    keepalive: KEEPALIVE_SECONDS,
    resubscribe: false,
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
  });
  // mqtt.js emits 'error' (CONNACK refusals, socket errors): never let one go unheard.
  client.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => {
        resolve();
      });
      client.once('error', reject);
      client.once('close', () => {
        reject(new Error('the broker closed the connection'));
      });
    });
  } catch (error) {
    client.end(true);
    throw new DeliveryError(
      `MQTT ${target.host}:${String(target.port)}: ${describeMqttError(error, connector)}`,
    );
  }
  return client;
}

export const createMqttSender: SenderFactory = (target, connector) => {
  const where = `MQTT ${target.host}:${String(target.port)}`;
  const serial = oneAtATime();
  let client: MqttClient | null = null;

  const drop = () => {
    client?.end(true);
    client = null;
  };

  async function publishAll(live: MqttClient, batch: readonly OutgoingMessage[]) {
    let timer: NodeJS.Timeout | undefined;
    let onClose: (() => void) | undefined;
    const acknowledged = Promise.all(
      batch.map((message) =>
        live.publishAsync(mqttTopicOf(message.imei, message.messageType), envelopeJson(message), {
          qos: 1,
        }),
      ),
    );
    const failed = new Promise<never>((_, reject) => {
      const seconds = String(connector.answerTimeoutMs / 1000);
      timer = setTimeout(() => {
        reject(new DeliveryError(`${where}: not every PUBACK arrived within ${seconds} s`));
      }, connector.answerTimeoutMs);
      onClose = () => {
        reject(new DeliveryError(`${where}: the connection closed before every PUBACK`));
      };
      live.once('close', onClose);
    });
    acknowledged.catch(() => undefined);
    try {
      await Promise.race([acknowledged, failed]);
    } catch (error) {
      if (error instanceof DeliveryError) throw error;
      throw new DeliveryError(`${where}: ${describeMqttError(error, connector)}`);
    } finally {
      clearTimeout(timer);
      if (onClose) live.off('close', onClose);
    }
  }

  return {
    send: (batch) =>
      serial(async () => {
        if (batch.length === 0) return;
        if (!client?.connected) {
          drop();
          client = await connectClient(target, connector);
        }
        try {
          await publishAll(client, batch);
        } catch (error) {
          // Unacknowledged messages would be resent on this session: start clean instead.
          drop();
          throw error;
        }
      }),
    close: () =>
      serial(() => {
        drop();
        return Promise.resolve();
      }),
  };
};
