import * as v from 'valibot';
import {
  DEVICE_IMEI_HEADER,
  DeviceLinkReplySchema,
  type DeviceLinkReply,
  type DeviceMessage,
  type LibraryFileRef,
} from '@shared/devices/device-link';
import { signDeviceMessage } from '@server/auth/device-signing';
import type { Random } from './random';
import type { SimulatorCounters } from './counters';
import { DeviceLinkStatusError } from './failures';
import { fetchLibraryFile } from './library-fetch';
import { vehicleOf } from './tacho-identities';
import { parseOutputCommand } from '@shared/devices/test-items';
import { tachoCommandOf, type TachoCommand } from './tachograph';
import { uploadTachoFile } from './file-upload';
import { Vehicle } from './vehicle';

export interface DeviceOptions {
  url: string;
  /** Where tachograph files go (the link's `/files`). */
  filesUrl: string;
  imei: string;
  /** Signs every message (X-Device-Timestamp, X-Device-Signature). */
  credential: string;
  intervalMs: number;
  invalidRate: number;
  applyDelayMs: readonly [number, number];
  /** Share of library files (firmware, CAN configurations) the device refuses after download. */
  refuseRate: number;
  /** Bytes per range request when fetching a library file. */
  libraryChunkBytes: number;
  requestTimeoutMs: number;
  random: Random;
  counters: SimulatorCounters;
  signal: AbortSignal;
  fetch: typeof fetch;
  onError: (error: unknown, imei: string) => void;
}

/**
 * One tracker: posts a message every interval (one at a time, so its loop is bounded), applies
 * the settings and executes the modem requests it is given after a short delay, and
 * acknowledges them in its next message until an answer confirms the acknowledgement arrived.
 */
export class SimulatedDevice {
  readonly #o: DeviceOptions;
  readonly #vehicle: Vehicle;
  /** What the vehicle's tachograph says of it: fixed per IMEI. */
  readonly #tachograph: ReturnType<typeof vehicleOf>;
  /** Applied settings by name, as a device would hold its configuration. */
  readonly config = new Map<string, string>();
  #messages = 0;
  /** Ids being applied (timer running) or applied and not yet acknowledged. */
  readonly #settings = new Map<number, 'applying' | 'done' | 'failed'>();
  /** Why a setting failed, until an answer confirms the server has the report. */
  readonly #failures = new Map<number, string>();
  readonly #requests = new Map<number, 'running' | 'done'>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #lastStep = Date.now();

  constructor(options: DeviceOptions) {
    this.#o = options;
    this.#tachograph = vehicleOf(options.imei);
    this.#vehicle = new Vehicle(options.random, this.#tachograph.vin);
  }

  async run(): Promise<void> {
    const { signal, intervalMs, random } = this.#o;
    // Spread the fleet over the interval instead of firing in lockstep.
    await sleep(random.between(0, intervalMs), signal);
    while (!signal.aborted) {
      const started = Date.now();
      await this.#sendOnce();
      await sleep(Math.max(0, intervalMs - (Date.now() - started)), signal);
    }
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  async #sendOnce(): Promise<void> {
    const o = this.#o;
    const now = new Date();
    this.#vehicle.advance(now.getTime() - this.#lastStep);
    this.#lastStep = now.getTime();

    const ackSettings = idsDone(this.#settings);
    const ackRequests = idsDone(this.#requests);
    const failed = [...this.#failures].map(([Id, Reason]) => ({ Id, Reason }));
    const message: DeviceMessage = { IMEI: o.imei, ...this.#vehicle.telemetry(now) };
    // With TachoLive switched on (by a setting it applied), every tenth message is a TachoLive one.
    this.#messages++;
    if (this.config.get('TachoLiveEnabled') === '1' && this.#messages % 10 === 0)
      message.MessageType = 'TL';
    if (ackSettings.length || ackRequests.length || failed.length) {
      message.Ack = { Settings: ackSettings, Requests: ackRequests };
      if (failed.length) message.Ack.Failed = failed;
    }
    let body = JSON.stringify(message);
    const invalid = o.random.chance(o.invalidRate);
    // A cut-off message, as a flaky modem delivers it; its acknowledgements are sent again.
    if (invalid) body = body.slice(0, o.random.int(5, body.length - 2));

    o.counters.sent++;
    if (invalid) o.counters.invalidSent++;
    let reply: DeviceLinkReply;
    try {
      const response = await o.fetch(o.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [DEVICE_IMEI_HEADER]: o.imei,
          ...signDeviceMessage(o.credential, body),
        },
        body,
        signal: AbortSignal.any([o.signal, AbortSignal.timeout(o.requestTimeoutMs)]),
      });
      const text = await response.text();
      o.counters.byStatus[response.status] = (o.counters.byStatus[response.status] ?? 0) + 1;
      if (response.status !== 200) {
        o.counters.failed++;
        o.onError(new DeviceLinkStatusError(response.status, text), o.imei);
        return;
      }
      reply = v.parse(DeviceLinkReplySchema, JSON.parse(text));
    } catch (error) {
      if (o.signal.aborted) return;
      o.counters.failed++;
      o.onError(error, o.imei);
      return;
    }
    o.counters.acknowledged++;
    if (!invalid) {
      // The server has them now: forget them (a repeated acknowledgement would be harmless).
      for (const id of ackSettings) this.#settings.delete(id);
      for (const id of ackRequests) this.#requests.delete(id);
      for (const { Id } of failed) {
        this.#settings.delete(Id);
        this.#failures.delete(Id);
      }
      o.counters.settingsAcknowledged += ackSettings.length;
      o.counters.requestsAcknowledged += ackRequests.length;
    }
    this.#takeWork(reply);
  }

  #takeWork(reply: DeviceLinkReply): void {
    for (const setting of reply.Settings) {
      if (this.#settings.has(setting.Id)) continue;
      this.#settings.set(setting.Id, 'applying');
      this.#later(async () => {
        const file = setting.File;
        if (file) {
          const reason = await this.#loadLibraryFile(file);
          if (reason) {
            this.#settings.set(setting.Id, 'failed');
            this.#failures.set(setting.Id, reason);
            this.#o.counters.settingsFailed++;
            return;
          }
        }
        this.config.set(setting.SettingName, setting.Value);
        this.#settings.set(setting.Id, 'done');
        this.#o.counters.settingsApplied++;
      });
    }
    for (const request of reply.Requests) {
      if (this.#requests.has(request.Id)) continue;
      this.#requests.set(request.Id, 'running');
      const tacho = tachoCommandOf(request.Command);
      const output = parseOutputCommand(request.Command);
      const executed = () => {
        if (output) this.#vehicle.setOutput(output.output, output.on);
        this.#requests.set(request.Id, 'done');
        this.#o.counters.requestsExecuted++;
      };
      this.#later(tacho ? () => this.#download(request.Id, tacho, executed) : executed);
    }
  }

  /** Fetches and checks a library file; why it cannot be loaded, or null when it can. */
  async #loadLibraryFile(file: LibraryFileRef): Promise<string | null> {
    const o = this.#o;
    const fetched = await fetchLibraryFile(
      {
        linkUrl: o.url,
        imei: o.imei,
        credential: o.credential,
        chunkBytes: o.libraryChunkBytes,
        maxFailures: 5,
        requestTimeoutMs: o.requestTimeoutMs,
        signal: o.signal,
        fetch: o.fetch,
      },
      file,
    );
    if (!fetched.ok) return fetched.reason;
    o.counters.libraryFilesFetched++;
    return o.random.chance(o.refuseRate) ? 'image refused by the device' : null;
  }

  /**
   * A remote download: the file goes up first, naming the request it answers; the request is
   * acknowledged once it arrived (or after three failed tries, so it does not hang forever).
   */
  async #download(id: number, command: TachoCommand, executed: () => void, tries = 1) {
    const o = this.#o;
    const ok = await uploadTachoFile(o, id, command, this.#tachograph);
    if (ok === null) return;
    if (ok) o.counters.filesUploaded++;
    else o.counters.filesFailed++;
    if (ok || tries >= 3) executed();
    else this.#later(() => this.#download(id, command, executed, tries + 1));
  }

  #later(work: () => void | Promise<void>): void {
    if (this.#o.signal.aborted) return;
    const [min, max] = this.#o.applyDelayMs;
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        void work();
      },
      this.#o.random.between(min, max),
    );
    this.#timers.add(timer);
  }
}

const idsDone = (ids: ReadonlyMap<number, string>): number[] =>
  [...ids].filter(([, state]) => state === 'done').map(([id]) => id);

/** Resolves after `ms`, or at once when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
