import { TEST_ITEM_STATE, type TestItem, type TestItemKey } from '@shared/devices/device-tests';

/**
 * The installer's current run of a device's test, kept on the phone (localStorage): its key, the
 * last item states the server sent and the verdicts made here, so a reload with no signal shows
 * the test as it was and the verdicts as made. The server's word replaces it when it comes.
 */
export interface CurrentRun {
  key: string;
  imei: string;
  items: TestItem[] | null;
  verdicts: LocalVerdict[];
}

export interface LocalVerdict {
  key: TestItemKey;
  value: string;
  state: typeof TEST_ITEM_STATE.ok | typeof TEST_ITEM_STATE.failed;
}

const storageKey = (imei: string) => `deviceTestRun:${imei}`;

export function readCurrentRun(imei: string): CurrentRun | null {
  try {
    const raw = localStorage.getItem(storageKey(imei));
    const run = raw ? (JSON.parse(raw) as Partial<CurrentRun>) : null;
    if (!run || typeof run.key !== 'string') return null;
    return {
      key: run.key,
      imei,
      items: Array.isArray(run.items) ? run.items : null,
      verdicts: Array.isArray(run.verdicts) ? run.verdicts : [],
    };
  } catch {
    return null;
  }
}

export function saveCurrentRun(run: CurrentRun): void {
  try {
    localStorage.setItem(storageKey(run.imei), JSON.stringify(run));
  } catch {
    // Storage full or refused: the run goes on, only a reload would forget the last states.
  }
}

export function forgetCurrentRun(imei: string): void {
  localStorage.removeItem(storageKey(imei));
}

/** A new run of the device's test: a key of its own, nothing known yet. */
export const newRun = (imei: string, key: string): CurrentRun => ({
  key,
  imei,
  items: null,
  verdicts: [],
});

/**
 * The items as the installer should see them: the server's states, with the verdicts made here
 * that the server has not answered yet laid over the items still asking for that same value.
 */
export function withLocalVerdicts(
  items: readonly TestItem[],
  verdicts: readonly LocalVerdict[],
): TestItem[] {
  return items.map((item) => {
    if (item.state !== TEST_ITEM_STATE.awaitingConfirmation) return item;
    const made = [...verdicts].reverse().find((v) => v.key === item.key && v.value === item.value);
    return made ? { ...item, state: made.state } : item;
  });
}
