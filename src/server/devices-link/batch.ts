import type { PendingRequest, PendingSetting } from '@shared/devices/device-link';
import type { Db } from '@server/db/client';
import { applyAcks } from './acks';
import { attachLibraryFiles } from './library-files';
import type { VerifiedMessage } from './credentials';
import { runBatchStatement, type BatchRow } from './statement';
import type { DeviceLinkTables } from './tables';

/** What one message of a batch came to. */
export type Outcome =
  | {
      kind: 'stored';
      deviceId: number;
      rawMessageId: number;
      settings: PendingSetting[];
      requests: PendingRequest[];
    }
  /**
   * Not verified (unknown device, no or wrong credential), or the credential it was verified
   * with was replaced or the device deleted meanwhile: nothing stored.
   */
  | { kind: 'rejected' };

export interface BatchOptions {
  /** Run the batch statement prepared by prepareBatchStatement() (PGlite). */
  prepared?: boolean;
}

interface Work {
  settings: PendingSetting[];
  requests: PendingRequest[];
}

/**
 * Writes one batch of verified messages in ONE transaction and returns an outcome per message,
 * in order. Messages of the same device are applied in arrival order. The caller acknowledges
 * nothing before this resolves, i.e. before the commit.
 *
 * Round trips are what a batch costs, so the usual batch is one statement (devices, raw rows,
 * pending work: see statement.ts) plus the counters; acknowledgements add their own.
 */
export async function writeBatch(
  db: Db,
  messages: readonly VerifiedMessage[],
  tables: DeviceLinkTables,
  options: BatchOptions = {},
): Promise<Outcome[]> {
  // One state row per device: later messages' fields win, last_msg is the newest message.
  const perDevice = new Map<
    number,
    { id: number; sealed: string; patch: Record<string, unknown>; at: Date }
  >();
  for (const m of messages) {
    const { id, sealed } = m.device;
    const entry = perDevice.get(id);
    if (!entry) perDevice.set(id, { id, sealed, patch: { ...m.patch }, at: m.at });
    else {
      Object.assign(entry.patch, m.patch);
      if (m.at > entry.at) entry.at = m.at;
    }
  }
  const raw = messages.map((m, seq) => ({
    seq,
    imei: m.imei,
    at: m.at,
    valid_json: m.validJson,
    message_type: m.messageType,
    message: m.raw,
  }));

  return db.transaction(async (tx) => {
    // Before the statement below, so the pending work it reads no longer lists them.
    await applyAcks(tx, messages, tables);
    const row = await runBatchStatement(tx, options.prepared ?? false, raw, [
      ...perDevice.values(),
    ]);
    const { devices, work, rawIds } = readResult(row);
    // Where to fetch the files that pending library settings name (most answers hold none).
    await attachLibraryFiles(tx, work);

    const stored = messages.flatMap((m) => {
      const device = devices.get(m.imei);
      return device ? [{ customerId: device.customerId, at: m.at, validJson: m.validJson }] : [];
    });
    // Last, because the counter rows are the ones every batch touches: their locks are held for
    // the shortest time. Sorted so concurrent batches lock them in the same order.
    await tables.countMessages(
      tx,
      stored.sort(
        (a, b) => (a.customerId ?? 0) - (b.customerId ?? 0) || a.at.getTime() - b.at.getTime(),
      ),
    );

    let next = 0;
    return messages.map((m): Outcome => {
      const device = devices.get(m.imei);
      // Its credential was replaced (or the device deleted) since it was verified.
      if (!device) return { kind: 'rejected' };
      const pending = work.get(device.id);
      return {
        kind: 'stored',
        deviceId: device.id,
        rawMessageId: rawIds[next++] ?? 0,
        settings: pending?.settings ?? [],
        requests: pending?.requests ?? [],
      };
    });
  });
}

function readResult(row: BatchRow) {
  const devices = new Map<string, { id: number; customerId: number | null }>();
  for (const [id, imei, customerId] of JSON.parse(row.devices) as [number, string, number][]) {
    devices.set(imei, { id, customerId });
  }
  const work = new Map<number, Work>();
  const workOf = (deviceId: number) => {
    let w = work.get(deviceId);
    if (!w) work.set(deviceId, (w = { settings: [], requests: [] }));
    return w;
  };
  for (const [deviceId, id, name, value] of JSON.parse(row.settings) as [
    number,
    number,
    string,
    string,
  ][]) {
    workOf(deviceId).settings.push({ Id: id, SettingName: name, Value: value });
  }
  for (const [deviceId, id, command, type] of JSON.parse(row.requests) as [
    number,
    number,
    string,
    number,
  ][]) {
    workOf(deviceId).requests.push({ Id: id, Command: command, CommandType: type });
  }
  // Ids come from the sequence in row order (the insert is sorted by seq); RETURNING's own
  // order is not promised, so the sorted ids are matched to the stored messages in order.
  const rawIds = (JSON.parse(row.raw) as number[]).sort((a, b) => a - b);
  return { devices, work, rawIds };
}
