/**
 * The numbers spec 02 gives message types and forward protocols, and its compatibility rule
 * (§5): written once here for the forward form, the server's forward routes and the delivery
 * side. The database's ids are these numbers (migration 0009, docs/decisions/031).
 */

/** Message types by name, with the ids the compatibility rule speaks of. */
export const MESSAGE_TYPE_IDS = { TD: 0, TC: 1, RT: 2, TL: 5 } as const;
export type MessageTypeId = (typeof MESSAGE_TYPE_IDS)[keyof typeof MESSAGE_TYPE_IDS];

/** The forward protocols the middleware delivers, by id. */
export const FORWARD_PROTOCOL_IDS = {
  'HTTP JSON': 0,
  MQTT: 1,
  'Wialon IPS': 2,
  'Azure IoT hub': 3,
} as const;
export type ForwardProtocolName = keyof typeof FORWARD_PROTOCOL_IDS;

/** A forward's integration type: 0 none, 2 the Azure IoT hub integration (spec 02 §9). */
export const INTEGRATION_TYPES = { none: 0, azureIotHub: 2 } as const;
/** The host name suffix of an Azure IoT hub. */
export const AZURE_IOT_HUB_SUFFIX = '.azure-devices.net';

/**
 * Spec 02 §5: message type 0 allows protocols 0, 1, 100; type 2 any protocol except 101 and 100;
 * type 5 allows 0, 1, 101; any other type 0 or 1.
 */
export function isCompatible(messageTypeId: number, protocolId: number): boolean {
  switch (messageTypeId) {
    case 0:
      return protocolId === 0 || protocolId === 1 || protocolId === 100;
    case 2:
      return protocolId !== 100 && protocolId !== 101;
    case 5:
      return protocolId === 0 || protocolId === 1 || protocolId === 101;
    default:
      return protocolId === 0 || protocolId === 1;
  }
}

/** Every chosen message type with every chosen protocol. */
export const allCompatible = (messageTypeIds: readonly number[], protocolIds: readonly number[]) =>
  messageTypeIds.every((type) => protocolIds.every((protocol) => isCompatible(type, protocol)));
