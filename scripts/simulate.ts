/**
 * npm run simulate -- --devices N --interval S [--url http://127.0.0.1:5000/api/v1/devices]
 *   [--imeis a,b] [--portal http://127.0.0.1:8080 --email admin@demo.test --password demo1234]
 *   [--duration S] [--invalid-rate r] [--seed n]
 *
 * Drives N simulated trackers against the device link (docs/device-protocol.md). IMEIs come from
 * --imeis, or else from the portal's device list (signing in with --email / --password).
 * Ctrl-C stops it cleanly and prints the totals.
 */
import { parseArgs } from 'node:util';
import { createSimulator, DEFAULT_DEVICE_LINK_URL } from '../src/server/simulator/simulator';
import { fetchImeis } from '../src/server/simulator/imeis';
import type { SimulatorCounters } from '../src/server/simulator/counters';

const { values } = parseArgs({
  options: {
    devices: { type: 'string' },
    interval: { type: 'string', default: '10' },
    url: { type: 'string', default: DEFAULT_DEVICE_LINK_URL },
    imeis: { type: 'string' },
    portal: { type: 'string', default: 'http://127.0.0.1:8080' },
    email: { type: 'string', default: 'admin@demo.test' },
    password: { type: 'string', default: 'demo1234' },
    duration: { type: 'string' },
    'invalid-rate': { type: 'string', default: '0' },
    seed: { type: 'string' },
  },
});

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(value > 0)) throw new Error(`--${name} must be a positive number, got ${text}`);
  return value;
}

const wanted = positive('devices', values.devices);
const intervalSeconds = positive('interval', values.interval) ?? 10;
const durationSeconds = positive('duration', values.duration);
const invalidRate = Number(values['invalid-rate']);
if (!(invalidRate >= 0 && invalidRate <= 1)) throw new Error('--invalid-rate must be in 0..1');

let imeis: string[];
if (values.imeis) {
  imeis = values.imeis
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
} else {
  try {
    imeis = await fetchImeis({
      portal: values.portal,
      email: values.email,
      password: values.password,
      limit: wanted ?? 10,
    });
  } catch (error) {
    console.error(
      `Could not list devices from the portal (${(error as Error).message}).\n` +
        'Pass the IMEIs of existing devices with --imeis a,b,c instead.',
    );
    process.exit(2);
  }
}
if (wanted !== undefined && imeis.length > wanted) imeis = imeis.slice(0, wanted);
if (imeis.length === 0) {
  console.error('No IMEIs to simulate.');
  process.exit(2);
}
if (wanted !== undefined && imeis.length < wanted) {
  console.warn(`Only ${imeis.length} IMEIs available; simulating those.`);
}

let firstError: string | undefined;
const simulator = createSimulator({
  url: values.url,
  imeis,
  intervalMs: intervalSeconds * 1000,
  invalidRate,
  seed: values.seed ? Number(values.seed) : undefined,
  onError: (error, imei) => {
    firstError ??= `${imei}: ${(error as Error).message}`;
  },
});

const line = (c: SimulatorCounters) =>
  `sent ${c.sent}, acknowledged ${c.acknowledged}, failed ${c.failed} ` +
  `${JSON.stringify(c.byStatus)}, settings applied ${c.settingsApplied} ` +
  `(acknowledged ${c.settingsAcknowledged}), requests executed ${c.requestsExecuted} ` +
  `(acknowledged ${c.requestsAcknowledged})`;

console.log(
  `Simulating ${imeis.length} device(s) every ${intervalSeconds} s against ${values.url}` +
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
