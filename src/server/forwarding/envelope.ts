import type { OutgoingMessage } from './protocols/types';

/**
 * The one shape every JSON-speaking protocol (HTTP JSON, MQTT, Azure IoT hub) delivers:
 *
 *   { "MessageId": "861692040000017-48213", "IMEI": "861692040000017", "MessageType": "RT",
 *     "ReceivedAt": "2026-11-25T08:00:00.123Z", "Replayed": false, "Message": { …as sent… } }
 *
 * `MessageId` (IMEI and raw message id) is stable across retries and replays, so a receiver
 * drops what it already has. The device's body is embedded as stored, without parsing it again.
 */
export const messageIdOf = (message: Pick<OutgoingMessage, 'imei' | 'rawId'>): string =>
  `${message.imei}-${String(message.rawId)}`;

export function envelopeJson(message: OutgoingMessage): string {
  return (
    `{"MessageId":"${messageIdOf(message)}","IMEI":"${message.imei}",` +
    `"MessageType":"${message.messageType}","ReceivedAt":"${message.receivedAt}",` +
    `"Replayed":${message.replayed ? 'true' : 'false'},"Message":${message.body}}`
  );
}

/** A batch as one JSON array (HTTP JSON). */
export const envelopesJson = (batch: readonly OutgoingMessage[]): string =>
  `[${batch.map(envelopeJson).join(',')}]`;
