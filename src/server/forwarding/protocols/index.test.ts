import { describe, expect, it } from 'vitest';
import { FORWARD_PROTOCOL_IDS } from '@shared/forwards/forward-kinds';
import { forwardTarget, outgoing, testConnector } from '@server/forwarding/test/protocol-fixtures';
import { createAzureIotHubSender } from './azure-iot-hub';
import { createHttpJsonSender } from './http-json';
import { createSender, DeliveryError, senderFor } from './index';
import { createMqttSender } from './mqtt';
import { createWialonIpsSender } from './wialon-ips';

describe('senderFor', () => {
  it('has a sender for every protocol of the forward list', () => {
    expect(senderFor(FORWARD_PROTOCOL_IDS['HTTP JSON'])).toBe(createHttpJsonSender);
    expect(senderFor(FORWARD_PROTOCOL_IDS.MQTT)).toBe(createMqttSender);
    expect(senderFor(FORWARD_PROTOCOL_IDS['Wialon IPS'])).toBe(createWialonIpsSender);
    expect(senderFor(FORWARD_PROTOCOL_IDS['Azure IoT hub'])).toBe(createAzureIotHubSender);
  });

  it('fails each send of an unknown protocol with a DeliveryError', async () => {
    const sender = createSender(forwardTarget({ protocolId: 100 }), testConnector());
    const error: unknown = await sender.send([outgoing()]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).message).toBe('Protocol 100 is not one this server delivers');
    await sender.close();
  });
});
