/**
 * npm run simulate -- [--devices N] [--interval S] [--url URL] … (`--help` lists them all)
 *
 * Drives N simulated trackers against the device link (docs/device-protocol.md), each signing
 * its messages with its device credential, and answering remote download requests with
 * tachograph files. Without --url it reaches the server where the server's own settings put the
 * link (DEVICE_PORT, PORT, HOST) and says so. Devices and credentials come from --credentials
 * (IMEI → credential JSON; default DATA_DIR/demo-device-credentials.json, which the demo seed
 * writes); --imeis picks some of them. Ctrl-C stops it cleanly and prints the totals.
 */
import {
  createFailureTally,
  parseSimulateArgs,
  USAGE,
  type SimulateOptions,
} from '../src/server/simulator/cli';
import { readCredentialsFile } from '../src/server/simulator/credentials-file';
import type { SimulatorCounters } from '../src/server/simulator/counters';
import { createSimulator, type SimulatedDeviceIdentity } from '../src/server/simulator/simulator';

const parsed = parseSimulateArgs(process.argv.slice(2));
if (parsed.kind === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.kind === 'error') {
  console.error(`simulate: ${parsed.message} (npm run simulate -- --help lists the options)`);
  process.exit(2);
}
const options: SimulateOptions = parsed.options;

let known: SimulatedDeviceIdentity[];
try {
  known = readCredentialsFile(options.credentials);
} catch (error) {
  console.error(
    `Could not read device credentials from ${options.credentials} (${(error as Error).message}).\n` +
      'The demo seed writes them to DATA_DIR/demo-device-credentials.json; for other devices ' +
      'write a JSON object IMEI → credential (an admin issues one on the device page) and pass ' +
      '--credentials FILE.',
  );
  process.exit(2);
}
let devices = known;
if (options.imeis) {
  const picked = new Set(options.imeis);
  devices = known.filter((d) => picked.has(d.imei));
  const missing = [...picked].filter((imei) => !devices.some((d) => d.imei === imei));
  if (missing.length) console.warn(`No credential for ${missing.join(', ')}; not simulated.`);
}
if (devices.length > options.devices) devices = devices.slice(0, options.devices);
if (devices.length === 0) {
  console.error('No devices to simulate.');
  process.exit(2);
}
if (!options.imeis && devices.length < options.devices) {
  console.warn(`Only ${devices.length} devices have credentials; simulating those.`);
}

const failures = createFailureTally(options.url);
const simulator = createSimulator({
  url: options.url,
  devices,
  intervalMs: options.intervalSeconds * 1000,
  invalidRate: options.invalidRate,
  refuseRate: options.refuseRate,
  seed: options.seed,
  onError: (error, imei) => {
    const first = failures.add(error, imei);
    if (first) console.warn(first);
  },
});

const line = (c: SimulatorCounters) => {
  const why = failures.summary();
  return (
    `sent ${c.sent}, acknowledged ${c.acknowledged}, failed ${c.failed}` +
    (why ? ` (${why})` : '') +
    `, settings applied ${c.settingsApplied} (acknowledged ${c.settingsAcknowledged}), ` +
    `requests executed ${c.requestsExecuted} (acknowledged ${c.requestsAcknowledged}), ` +
    `tachograph files uploaded ${c.filesUploaded}` +
    (c.filesFailed ? ` (${c.filesFailed} failed)` : '')
  );
};

console.log(
  `Simulating ${devices.length} device(s) every ${options.intervalSeconds} s against ` +
    `${options.url} (${options.urlWhy})` +
    (options.durationSeconds ? ` for ${options.durationSeconds} s` : ' (Ctrl-C to stop)'),
);
simulator.start();
const report = setInterval(() => {
  console.log(line(simulator.counters()));
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
if (options.durationSeconds) setTimeout(() => void stop(), options.durationSeconds * 1000);
