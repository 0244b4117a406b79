import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';

/** The device a change concerns: its IMEI names it, its customer files the entry. */
export interface LoggedDevice {
  imei: string;
  customerId: number | null;
}

/** Names in a log text: the first few, then how many more. */
export function nameList(names: readonly string[], shown = 5): string {
  const unique = [...new Set(names)];
  const rest = unique.length - shown;
  return unique.slice(0, shown).join(', ') + (rest > 0 ? ` and ${rest} more` : '');
}

/**
 * "Device 350…: settings timedMessageInterval saved by user 12" — one Information entry in the
 * change's transaction. Names only: setting values and request texts may hold secrets.
 */
export function logDeviceChange(
  tx: DbOrTx,
  caller: Pick<Caller, 'userId'>,
  device: LoggedDevice,
  what: string,
): Promise<void> {
  return writeOperatorLog(tx, {
    level: 'Information',
    message: `Device ${device.imei}: ${what} ${byCaller(caller)}`,
    customerId: device.customerId,
  });
}

/** "Customer set to 'Atlas' for 3 device(s) (350…, 350…, 350…) by user 12": a mass update. */
export function logDevicesChange(
  tx: DbOrTx,
  caller: Pick<Caller, 'userId'>,
  imeis: readonly string[],
  what: string,
  customerId: number | null,
): Promise<void> {
  return writeOperatorLog(tx, {
    level: 'Information',
    message: `${what} for ${imeis.length} device(s) (${nameList(imeis)}) ${byCaller(caller)}`,
    customerId,
  });
}
