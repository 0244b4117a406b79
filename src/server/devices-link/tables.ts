import type { DbOrTx } from '@server/db/client';

/**
 * What the link writes and reads in tables that modules own. The link sits on a floor below
 * the modules (docs/decisions/060), so it does not import them: `buildApp` hands these in.
 * Each runs in the caller's transaction where it takes one.
 */
export interface DeviceLinkTables {
  /** Devices: acknowledged settings become Processed and join the applied configuration. */
  applyAcknowledgedSettings(
    tx: DbOrTx,
    deviceId: number,
    settingIds: readonly number[],
    at: Date,
  ): Promise<unknown>;
  /** Devices: settings the device failed to apply are closed with its reason. */
  failAcknowledgedSettings(
    tx: DbOrTx,
    deviceId: number,
    failures: readonly { id: number; reason: string }[],
    at: Date,
  ): Promise<unknown>;
  /** Raw messages: the per-customer daily counters of the stored messages. */
  countMessages(
    tx: DbOrTx,
    messages: readonly { customerId: number | null; at: Date; validJson: boolean }[],
  ): Promise<void>;
  /** Library files: `length` bytes of a file from `start`; undefined when there is no such file. */
  readLibraryFileRange(
    tx: DbOrTx,
    id: number,
    start: number,
    length: number,
  ): Promise<Uint8Array | undefined>;
}
