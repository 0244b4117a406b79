import { startAzureReceiver } from '@server/receiver/azure';
import { startHttpReceiver } from '@server/receiver/http';
import { startHostileReceiver } from '@server/forwarding/test/hostile-receiver';
import {
  batchOf,
  casesAt,
  describeHostile,
  early,
  inFlightBytes,
  type HostileSetup,
} from '@server/forwarding/test/hostile-scenarios';
import { forwardTarget, testConnector } from '@server/forwarding/test/protocol-fixtures';
import { createAzureIotHubSender } from './azure-iot-hub';
import { createHttpJsonSender } from './http-json';

/**
 * HTTP JSON (plain and TLS) and Azure IoT hub senders against a receiver that accepts and then
 * breaks the connection at each stage (issue 25): each send fails as an ordinary failure, no
 * socket error goes unheard (one would stop the server for every tenant), and the forward
 * delivers again once the receiver is good. The crash of issue 25: a receiver that answers 2xx
 * before reading the body and drops the connection while the body is still being written.
 */

const small = () => batchOf(3);
/** One HTTP JSON request whose body is still being written when the receiver breaks. */
const inFlight = () => batchOf(10, inFlightBytes() / 10);
/** Azure posts a message a request: one message large enough to be in flight. */
const inFlightMessage = () => batchOf(1, inFlightBytes());

async function httpSetup(tls: 'none' | 'passed through' | 'ended by it'): Promise<HostileSetup> {
  const receiver = await startHttpReceiver({ tls: tls !== 'none' });
  const hostile = await startHostileReceiver({
    upstreamPort: receiver.port,
    tls: tls === 'ended by it',
  });
  const connector = testConnector({ tlsPorts: { http: tls === 'none' ? [] : [hostile.port] } });
  return {
    hostile,
    sender: () => createHttpJsonSender(forwardTarget({ port: hostile.port }), connector),
    delivered: () => receiver.received.map((envelope) => envelope.MessageId),
    close: async () => {
      await hostile.close();
      await receiver.close();
    },
  };
}

const HUB = 'fleet-portal-test.azure-devices.net';
const KEY_NAME = 'fleet-portal-forwards';
const KEY = Buffer.from('a shared access key of 32 bytes!').toString('base64');

async function azureSetup(tls: 'passed through' | 'ended by it'): Promise<HostileSetup> {
  const receiver = await startAzureReceiver({ hub: HUB, keyName: KEY_NAME, key: KEY });
  const hostile = await startHostileReceiver({
    upstreamPort: receiver.port,
    tls: tls === 'ended by it',
  });
  const target = { protocolId: 3, host: HUB, port: hostile.port, username: KEY_NAME, apiKey: KEY };
  return {
    hostile,
    sender: () => createAzureIotHubSender(forwardTarget(target), testConnector()),
    delivered: () => receiver.received.map((seen) => seen.envelope.MessageId),
    close: async () => {
      await hostile.close();
      await receiver.close();
    },
  };
}

const ANSWERED_EARLY = 'answers 2xx before reading the body';

describeHostile(
  'HTTP JSON sender, plain',
  () => httpSetup('none'),
  [
    ...casesAt('accepts', { after: 'accept' }, ['reset', 'half-close', 'close'], small),
    ...casesAt(
      'reads the first bytes of the request',
      { after: 'sent', bytes: 1 },
      ['reset', 'half-close', 'close'],
      inFlight,
    ),
    ...casesAt(
      'sends the first byte of its answer',
      { after: 'answered', bytes: 1 },
      ['reset', 'half-close'],
      small,
    ),
    ...casesAt(
      ANSWERED_EARLY,
      { after: 'sent', bytes: 1 },
      ['close', 'reset'],
      inFlight,
      early(200, 'OK'),
    ),
    ...casesAt(
      'answers 401 before reading the body',
      { after: 'sent', bytes: 1 },
      ['close'],
      inFlight,
      early(401, 'Unauthorized'),
    ),
  ],
  ['reset', 'half-close', 'close'],
);

describeHostile('HTTP JSON sender, TLS handshake', () => httpSetup('passed through'), [
  ...casesAt(
    'reads the TLS client hello',
    { after: 'sent', bytes: 1 },
    ['reset', 'half-close', 'close'],
    small,
  ),
  ...casesAt(
    'starts its TLS server hello',
    { after: 'answered', bytes: 1 },
    ['reset', 'half-close'],
    small,
  ),
]);

describeHostile(
  'HTTP JSON sender, over TLS',
  () => httpSetup('ended by it'),
  [
    ...casesAt(
      'reads the first bytes of the request',
      { after: 'sent', bytes: 1 },
      ['reset'],
      inFlight,
    ),
    ...casesAt(
      ANSWERED_EARLY,
      { after: 'sent', bytes: 1 },
      ['close', 'reset'],
      inFlight,
      early(200, 'OK'),
    ),
  ],
  ['reset', 'half-close'],
);

describeHostile('Azure IoT hub sender, TLS handshake', () => azureSetup('passed through'), [
  ...casesAt('reads the TLS client hello', { after: 'sent', bytes: 1 }, ['reset'], small),
  ...casesAt('starts its TLS server hello', { after: 'answered', bytes: 1 }, ['close'], small),
]);

describeHostile(
  'Azure IoT hub sender, over TLS',
  () => azureSetup('ended by it'),
  [
    ...casesAt(
      'reads the first bytes of a request',
      { after: 'sent', bytes: 1 },
      ['reset', 'close'],
      inFlightMessage,
    ),
    ...casesAt(
      'sends the first byte of its answer',
      { after: 'answered', bytes: 1 },
      ['reset'],
      small,
    ),
    ...casesAt(
      ANSWERED_EARLY,
      { after: 'sent', bytes: 1 },
      ['close'],
      inFlightMessage,
      early(204, 'No Content'),
    ),
  ],
  ['reset', 'half-close'],
);
