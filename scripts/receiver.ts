/**
 * npm run receiver -- [--http-port 9100] [--wialon-port 20332] [--azure-port 9443]
 *   [--mqtt-port 1883] [--only http,wialon,azure,mqtt] [--https]
 *   [--wialon-password PW] [--mqtt-username U --mqtt-password PW]
 *   [--azure-hub NAME.azure-devices.net] [--azure-key-name NAME] [--azure-key BASE64]
 *
 * Local receivers for forwards, one per protocol, printing one line per message received
 * (protocol, IMEI, message type, MessageId, and whether it was replayed):
 *   HTTP JSON     http://127.0.0.1:9100/ (https with --https, test certificate)
 *   Wialon IPS    tcp 127.0.0.1:20332 (any unit password unless --wialon-password)
 *   Azure IoT hub https://127.0.0.1:9443 (test certificate; checks each SAS token)
 *   MQTT          mosquitto on 127.0.0.1:1883 (anonymous unless --mqtt-username)
 * The server delivers to 127.0.0.1 only when FORWARD_TARGETS_ALLOWED lets loopback through.
 * Ctrl-C stops them.
 */
import { parseArgs } from 'node:util';
import { summaryLine, type OnMessage } from '../src/server/receiver/common';
import { startAzureReceiver } from '../src/server/receiver/azure';
import { startHttpReceiver } from '../src/server/receiver/http';
import { startMqttReceiver } from '../src/server/receiver/mqtt';
import { startWialonReceiver } from '../src/server/receiver/wialon';

/** The demo key of the Azure receiver (base64 of 32 bytes); not a secret of anything real. */
const DEMO_AZURE_KEY = Buffer.from('fleet-portal-demo-azure-key-0001').toString('base64');

const { values } = parseArgs({
  options: {
    'http-port': { type: 'string', default: '9100' },
    'wialon-port': { type: 'string', default: '20332' },
    'azure-port': { type: 'string', default: '9443' },
    'mqtt-port': { type: 'string', default: '1883' },
    only: { type: 'string', default: 'http,wialon,azure,mqtt' },
    https: { type: 'boolean', default: false },
    'wialon-password': { type: 'string' },
    'mqtt-username': { type: 'string' },
    'mqtt-password': { type: 'string' },
    'azure-hub': { type: 'string', default: 'fleet-portal-demo.azure-devices.net' },
    'azure-key-name': { type: 'string', default: 'fleet-portal-demo' },
    'azure-key': { type: 'string', default: DEMO_AZURE_KEY },
  },
});

function port(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`--${name} must be a port (1-65535), got ${text}`);
  }
  return value;
}

const wanted = new Set(values.only.split(',').map((name) => name.trim()));
const printer =
  (protocol: string): OnMessage =>
  (summary) => {
    console.log(summaryLine(protocol, summary));
  };
const closers: (() => Promise<void>)[] = [];

if (wanted.has('http')) {
  const receiver = await startHttpReceiver({
    port: port('http-port', values['http-port']),
    tls: values.https,
    onMessage: printer('http'),
  });
  closers.push(receiver.close);
  const scheme = values.https ? 'https' : 'http';
  console.log(`HTTP JSON      ${scheme}://127.0.0.1:${String(receiver.port)}/`);
}
if (wanted.has('wialon')) {
  const receiver = await startWialonReceiver({
    port: port('wialon-port', values['wialon-port']),
    ...(values['wialon-password'] ? { password: values['wialon-password'] } : {}),
    onMessage: printer('wialon'),
  });
  closers.push(receiver.close);
  console.log(`Wialon IPS     tcp 127.0.0.1:${String(receiver.port)}`);
}
if (wanted.has('azure')) {
  const receiver = await startAzureReceiver({
    port: port('azure-port', values['azure-port']),
    hub: values['azure-hub'],
    keyName: values['azure-key-name'],
    key: values['azure-key'],
    onMessage: printer('azure'),
  });
  closers.push(receiver.close);
  console.log(
    `Azure IoT hub  https://127.0.0.1:${String(receiver.port)} as ${receiver.hub} ` +
      `(key name ${values['azure-key-name']}, key ${values['azure-key']})`,
  );
}
if (wanted.has('mqtt')) {
  const username = values['mqtt-username'];
  const receiver = await startMqttReceiver({
    port: port('mqtt-port', values['mqtt-port']),
    ...(username ? { credentials: { username, password: values['mqtt-password'] ?? '' } } : {}),
    onMessage: printer('mqtt'),
  });
  closers.push(receiver.close);
  console.log(`MQTT           mqtt://127.0.0.1:${String(receiver.port)} (topics fleet-portal/#)`);
}
console.log('Receiving; Ctrl-C stops.');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  Promise.all(closers.map((close) => close())).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
