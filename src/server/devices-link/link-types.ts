import type { StoreTachoFileInput, StoredTachoFile } from '@server/tacho/store';
import type { DeviceEvents } from '@server/events/device-events';
import type { Outcome } from './batch';
import type { VerifiedDevice } from './credentials';
import type { IncomingMessage } from './message';
import type { QueueOptions, QueueStats } from './queue';
import type { Rejection } from './rejections';

/** What the device link offers the routes and the app (link.ts builds it). */

export interface DeviceLinkOptions extends QueueOptions {
  /** Rejections of one source and reason are logged at most once per this many ms (counted). */
  unknownLogIntervalMs?: number;
  /** PGlite only: VACUUM the devices table after this many stored messages (default 50,000). */
  vacuumEvery?: number;
}

export interface DeviceLinkStats extends QueueStats {
  /** Messages refused for an unknown device or a missing or wrong credential (answered 401). */
  rejectedMessages: number;
  /** Messages that failed even when written on their own (answered 500). */
  failedMessages: number;
  /** Batches that failed and were split to isolate the failing message. */
  splitBatches: number;
  /** VACUUMs of the devices table run on PGlite (see upkeep.ts). */
  vacuums: number;
}

/** Tachograph file uploads (file-route.ts): rare and large, so they skip the message queue. */
export interface DeviceFiles {
  /** The device's current credential (null: unknown IMEI, no credential), read afresh. */
  device(imei: string): Promise<(VerifiedDevice & { credential: string }) | null>;
  /** Stores a verified upload (tacho/store.ts); null when the device's credential changed. */
  store(input: StoreTachoFileInput): Promise<StoredTachoFile | null>;
  /** A library file one of the device's pending settings names; null when none does. */
  library(deviceId: number, fileId: number): Promise<LibraryFileAccess | null>;
}

export interface LibraryFileAccess {
  size: number;
  sha256: string;
  read(start: number, length: number): Promise<Uint8Array>;
}

/** The ingest side shared by the API's route and the device port: one queue, one event source. */
export interface DeviceLink {
  /** Resolves once the message is durably stored (or rejected: not signed by a device). */
  submit(message: IncomingMessage): Promise<Outcome>;
  readonly events: DeviceEvents;
  readonly files: DeviceFiles;
  stats(): DeviceLinkStats;
  /**
   * Notes a message refused before it reached the queue (unsigned, clock off, malformed) for
   * the operator log; throttled, and never fails the answer.
   */
  noteRejected(rejection: Rejection): void;
  /** Resolves the next time every message taken so far has been answered. */
  drained(): Promise<void>;
  /** Stops taking messages and waits for the ones already taken. */
  close(): Promise<void>;
}
