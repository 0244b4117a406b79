import { eq } from 'drizzle-orm';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { deviceTestSettings, users } from '@server/db/schema';
import type { EvaluatedItem } from './evaluation';
import type { Observed } from './observation';
import { insertResult, resultNames, setSettingsActive, type SettingsRow } from './repository';
import { toResultRow } from './result-row';
import {
  endRun,
  findRunByKey,
  findRunningRun,
  insertRun,
  planForDevice,
  setRunResult,
  type RunEnd,
  type RunRow,
} from './runs-repository';

/** What starting a test did: began a new run, or found the one this key already started. */
export interface RunStart {
  run: RunRow;
  settings: SettingsRow;
  /** The run it replaced (restart), ended as 'restarted'. */
  replaced: RunRow | undefined;
  isNew: boolean;
}

/**
 * setactive: a new run for the device, or — for a key that already started one (a start queued
 * offline and sent twice) — that run, unchanged. A running run of another key ends as restarted.
 */
export async function startRun(
  db: Db,
  caller: Caller,
  settings: SettingsRow,
  key: string,
): Promise<RunStart> {
  return db.transaction(async (tx) => {
    const known = await findRunByKey(tx, key);
    if (known) {
      if (known.deviceId !== settings.deviceId) throw new RunKeyTaken();
      return { run: known, settings, replaced: undefined, isNew: false };
    }
    const running = await findRunningRun(tx, settings.deviceId);
    const replaced = running ? await endRun(tx, running.id, 'restarted') : undefined;
    const run = await insertRun(tx, {
      key,
      deviceId: settings.deviceId,
      settingsId: settings.id,
      imei: settings.imei,
      customerId: settings.customerId,
      userId: caller.userId,
      plan: await planForDevice(tx, settings.deviceId),
    });
    const active = await setSettingsActive(tx, settings.id, true, caller.userId);
    return { run, settings: active ?? settings, replaced, isNew: true };
  });
}

/** A run key another device's run already has (keys are UUIDs: a forged or mixed-up one). */
export class RunKeyTaken extends Error {
  constructor() {
    super('This run key belongs to another device');
  }
}

/** Ends a run without a result and makes the settings inactive (setinactive, idle limit). */
export async function endRunWithoutResult(
  db: Db,
  run: RunRow,
  reason: Exclude<RunEnd, 'finished' | 'restarted'>,
): Promise<RunRow | undefined> {
  return db.transaction(async (tx) => {
    const ended = await endRun(tx, run.id, reason);
    if (ended) await setSettingsActive(tx, run.settingsId, false);
    return ended;
  });
}

/**
 * Stores the result of a finished run, ends the run with it and makes the settings inactive, in
 * one transaction; undefined when the run had ended already (stopped or finished elsewhere).
 */
export async function finishRun(
  db: Db,
  run: RunRow,
  items: readonly EvaluatedItem[],
  observed: Observed,
) {
  return db.transaction(async (tx) => {
    // Ending first claims the run: a second finisher (or a stop) finds it ended and writes nothing.
    if (!(await endRun(tx, run.id, 'finished'))) return undefined;
    const names = await resultNames(tx, run.customerId, run.userId);
    const stored = await insertResult(tx, {
      ...toResultRow(items, observed),
      ...names,
      imei: run.imei,
      deviceId: run.deviceId,
      customerId: run.customerId,
      userId: run.userId,
      runId: run.id,
    });
    await setRunResult(tx, run.id, stored.Id);
    await setSettingsActive(tx, run.settingsId, false);
    return stored;
  });
}

export async function emailOf(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** The settings row a run belongs to. */
export async function settingsOfRun(db: DbOrTx, run: RunRow): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceTestSettings)
    .where(eq(deviceTestSettings.id, run.settingsId));
  return row;
}
