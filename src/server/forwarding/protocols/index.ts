import { FORWARD_PROTOCOL_IDS } from '@shared/forwards/forward-kinds';
import { createAzureIotHubSender } from './azure-iot-hub';
import { createHttpJsonSender } from './http-json';
import { createMqttSender } from './mqtt';
import { DeliveryError, type SenderFactory } from './types';
import { createWialonIpsSender } from './wialon-ips';

/** The delivery side's senders by protocol id (src/shared/forwards/forward-kinds.ts). */

export { createConnector, type ConnectorOptions } from './connector';
export * from './types';

const FACTORIES: Record<number, SenderFactory> = {
  [FORWARD_PROTOCOL_IDS['HTTP JSON']]: createHttpJsonSender,
  [FORWARD_PROTOCOL_IDS.MQTT]: createMqttSender,
  [FORWARD_PROTOCOL_IDS['Wialon IPS']]: createWialonIpsSender,
  [FORWARD_PROTOCOL_IDS['Azure IoT hub']]: createAzureIotHubSender,
};

/** A sender whose every send fails: a protocol this server does not deliver. */
const unknownProtocol: SenderFactory = (target) => ({
  send: () =>
    Promise.reject(
      new DeliveryError(`Protocol ${String(target.protocolId)} is not one this server delivers`),
    ),
  close: () => Promise.resolve(),
});

/** The factory for a protocol id; an unknown id gives a sender whose sends fail. */
export const senderFor = (protocolId: number): SenderFactory =>
  FACTORIES[protocolId] ?? unknownProtocol;

/** A sender for a forward, by its own protocol id. */
export const createSender: SenderFactory = (target, connector) =>
  senderFor(target.protocolId)(target, connector);
