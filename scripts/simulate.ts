/**
 * npm run simulate -- --devices N --interval S [--url http://127.0.0.1:5000/api/v1/devices]
 *   [--credentials FILE] [--imeis a,b] [--duration S] [--invalid-rate r] [--refuse-rate r] [--seed n]
 *
 * Drives N simulated trackers against the device link (docs/device-protocol.md), each signing
 * its messages with its device credential, and answering remote download requests with
 * tachograph files. Devices and credentials come from --credentials
 * (IMEI → credential JSON; default DATA_DIR/demo-device-credentials.json, which the demo seed
 * writes); --imeis picks some of them. Ctrl-C stops it cleanly and prints the totals.
 */
import { parseArgs } from 'node:util';
import {
  defaultCredentialsFile,
  readCredentialsFile,
} from '../src/server/simulator/credentials-file';
import {
  createSimulator,
  DEFAULT_DEVICE_LINK_URL,
  type SimulatedDeviceIdentity,
} from '../src/server/simulator/simulator';
import type { SimulatorCounters } from '../src/server/simulator/counters';

const { values } = parseArgs({
  options: {
    devices: { type: 'string' },
    interval: { type: 'string', default: '10' },
    url: { type: 'string', default: DEFAULT_DEVICE_LINK_URL },
    credentials: { type: 'string', default: defaultCredentialsFile() },
    imeis: { type: 'string' },
    duration: { type: 'string' },
    'invalid-rate': { type: 'string', default: '0' },
    'refuse-rate': { type: 'string', default: '0' },
    seed: { type: 'string' },
  },
});

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(value > 0)) throw new Error(`--${name} must be a positive number, got ${text}`);
  return value;
}

// Without --devices: every device named by --imeis, else the first 10 of the file.
const wanted = positive('devices', values.devices) ?? (values.imeis ? Infinity : 10);
const intervalSeconds = positive('interval', values.interval) ?? 10;
const durationSeconds = positive('duration', values.duration);
const invalidRate = Number(values['invalid-rate']);
if (!(invalidRate >= 0 && invalidRate <= 1)) throw new Error('--invalid-rate must be in 0..1');
const refuseRate = Number(values['refuse-rate']);
if (!(refuseRate >= 0 && refuseRate <= 1)) throw new Error('--refuse-rate must be in 0..1');

let known: SimulatedDeviceIdentity[];
try {
  known = readCredentialsFile(values.credentials);
} catch (error) {
  console.error(
    `Could not read device credentials from ${values.credentials} (${(error as Error).message}).\n` +
      'The demo seed writes them to DATA_DIR/demo-device-credentials.json; for other devices ' +
      'write a JSON object IMEI → credential (an admin issues one on the device page) and pass ' +
      '--credentials FILE.',
  );
  process.exit(2);
}
let devices = known;
if (values.imeis) {
  const picked = new Set(values.imeis.split(',').map((s) => s.trim()));
  devices = known.filter((d) => picked.has(d.imei));
  const missing = [...picked].filter((imei) => imei && !devices.some((d) => d.imei === imei));
  if (missing.length) console.warn(`No credential for ${missing.join(', ')}; not simulated.`);
}
if (devices.length > wanted) devices = devices.slice(0, wanted);
if (devices.length === 0) {
  console.error('No devices to simulate.');
  process.exit(2);
}
if (!values.imeis && devices.length < wanted) {
  console.warn(`Only ${devices.length} devices have credentials; simulating those.`);
}

let firstError: string | undefined;
const simulator = createSimulator({
  url: values.url,
  devices,
  intervalMs: intervalSeconds * 1000,
  invalidRate,
  refuseRate,
  seed: values.seed ? Number(values.seed) : undefined,
  onError: (error, imei) => {
    firstError ??= `${imei}: ${(error as Error).message}`;
  },
});

const line = (c: SimulatorCounters) =>
  `sent ${c.sent}, acknowledged ${c.acknowledged}, failed ${c.failed} ` +
  `${JSON.stringify(c.byStatus)}, settings applied ${c.settingsApplied} ` +
  `(acknowledged ${c.settingsAcknowledged}), requests executed ${c.requestsExecuted} ` +
  `(acknowledged ${c.requestsAcknowledged}), tachograph files uploaded ${c.filesUploaded}` +
  (c.filesFailed ? ` (${c.filesFailed} failed)` : '');

console.log(
  `Simulating ${devices.length} device(s) every ${intervalSeconds} s against ${values.url}` +
    (durationSeconds ? ` for ${durationSeconds} s` : ' (Ctrl-C to stop)'),
);
simulator.start();
const report = setInterval(() => {
  console.log(line(simulator.counters()) + (firstError ? ` — first error: ${firstError}` : ''));
}, 5000);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(report);
  await simulator.stop();
  console.log(`Stopped. ${line(simulator.counters())}`);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (durationSeconds) setTimeout(() => void stop(), durationSeconds * 1000);
