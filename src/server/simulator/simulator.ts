import { DEFAULT_DEVICE_PORT, DEVICE_LINK_PATH } from '@shared/devices/device-link';
import { emptyCounters, type SimulatorCounters } from './counters';
import { SimulatedDevice } from './device';
import { createRandom } from './random';

/** A device of the portal and its device-link credential (docs/device-protocol.md). */
export interface SimulatedDeviceIdentity {
  imei: string;
  credential: string;
}

/**
 * A fleet of simulated trackers that talks to the device link over HTTP only (it imports nothing
 * of the server but the shared protocol types and the message signing), for demos, end-to-end
 * tests and benchmarks.
 */
export interface SimulatorOptions {
  /** The device link, e.g. http://127.0.0.1:5000/api/v1/devices. */
  url?: string;
  /** Where tachograph files go; by default `{url}/files`. */
  filesUrl?: string;
  /** Devices that exist in the portal, each with its credential; one simulated device each. */
  devices: readonly SimulatedDeviceIdentity[];
  /** Time between two messages of one device. */
  intervalMs: number;
  /** Share of messages sent cut off (invalid JSON), 0..1. */
  invalidRate?: number;
  /** How long applying a setting or executing a request takes, [min, max] ms. */
  applyDelayMs?: readonly [number, number];
  /** Share of library files (firmware, CAN configurations) refused after download, 0..1. */
  refuseRate?: number;
  /** Bytes per range request when fetching a library file (default 16 KiB). */
  libraryChunkBytes?: number;
  requestTimeoutMs?: number;
  seed?: number;
  fetch?: typeof fetch;
  onError?: (error: unknown, imei: string) => void;
}

export interface Simulator {
  start(): void;
  /** Stops every device loop, aborts requests in flight, and resolves once all have ended. */
  stop(): Promise<void>;
  counters(): SimulatorCounters;
  /** Applied settings of one simulated device (SettingName → Value). */
  configOf(imei: string): ReadonlyMap<string, string> | undefined;
}

export const DEFAULT_DEVICE_LINK_URL = `http://127.0.0.1:${DEFAULT_DEVICE_PORT}${DEVICE_LINK_PATH}`;

export function createSimulator(options: SimulatorOptions): Simulator {
  if (options.devices.length === 0) throw new Error('The simulator needs at least one device');
  if (!(options.intervalMs > 0)) throw new Error('intervalMs must be positive');
  const counters = emptyCounters();
  // One controller per device: each device's waits and requests listen to its own signal, so a
  // fleet of any size puts no more than a few listeners on one signal (no MaxListenersExceeded).
  const controllers: AbortController[] = [];
  let stopped = false;
  const random = createRandom(options.seed ?? Date.now());
  const url = options.url ?? DEFAULT_DEVICE_LINK_URL;
  const filesUrl = options.filesUrl ?? `${url.replace(/\/+$/, '')}/files`;
  const deviceOf = ({ imei, credential }: SimulatedDeviceIdentity) => {
    const controller = new AbortController();
    controllers.push(controller);
    return new SimulatedDevice({
      url,
      filesUrl,
      imei,
      credential,
      intervalMs: options.intervalMs,
      invalidRate: Math.min(1, Math.max(0, options.invalidRate ?? 0)),
      applyDelayMs: options.applyDelayMs ?? [500, 3000],
      refuseRate: Math.min(1, Math.max(0, options.refuseRate ?? 0)),
      libraryChunkBytes: options.libraryChunkBytes ?? 16 * 1024,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      // Each device its own stream, so adding devices does not change the others' paths.
      random: createRandom(Math.floor(random.next() * 2 ** 32)),
      counters,
      signal: controller.signal,
      fetch: options.fetch ?? fetch,
      onError: options.onError ?? (() => undefined),
    });
  };
  const devices = new Map(options.devices.map((identity) => [identity.imei, deviceOf(identity)]));
  let running: Promise<unknown> | null = null;

  return {
    start() {
      if (running || stopped) return;
      running = Promise.allSettled([...devices.values()].map((d) => d.run()));
    },
    async stop() {
      stopped = true;
      for (const controller of controllers) controller.abort();
      await running;
    },
    counters: () => ({ ...counters, byStatus: { ...counters.byStatus } }),
    configOf: (imei) => devices.get(imei)?.config,
  };
}
