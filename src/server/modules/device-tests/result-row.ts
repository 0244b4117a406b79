import { TEST_ITEM_STATE, TEST_RESULT, type TestItemKey } from '@shared/devices/device-tests';
import type { EvaluatedItem } from './evaluation';
import type { Observed } from './observation';
import type { NewResultRow } from './repository';

/**
 * The stored result of a finished test: every field of spec 03 §3's device test result, and
 * every item with its value, state and who confirmed it. A `Valid…` field of an item the test did
 * not have (iButton without DriverID) is false; the stored items say it was not tested.
 */
export function toResultRow(
  items: readonly EvaluatedItem[],
  observed: Observed,
): Omit<NewResultRow, 'customerName' | 'userEmail' | 'imei'> {
  const valid = (key: TestItemKey) =>
    items.find((i) => i.key === key)?.state === TEST_ITEM_STATE.ok;
  const { values } = observed;
  return {
    validConnection: valid('connection'),
    validTimeStamp: valid('timestamp'),
    validIgnState: valid('ignition'),
    validPosition: valid('position'),
    validOdo: valid('odometer'),
    validVin: valid('vin'),
    validIbutton: valid('ibutton'),
    validIo1State: valid('io1'),
    testResult: items.every((i) => i.state === TEST_ITEM_STATE.ok)
      ? TEST_RESULT.ok
      : TEST_RESULT.failed,
    lat: values.Lat ?? null,
    lon: values.Lon ?? null,
    satCount: values.SatCount ?? null,
    odo: values.Odo ?? null,
    vin: values.VIN ?? null,
    ibuttonActive: values.Ibutton === undefined ? null : values.Ibutton !== null,
    ibutton: observed.ibutton,
    privateSwitchActive: observed.privateSwitch,
    items: [...items],
  };
}
