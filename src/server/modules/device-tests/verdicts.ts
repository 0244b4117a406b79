import { TEST_ITEM_STATE, type TestItem, type TestItemKey } from '@shared/devices/device-tests';

/** A person's verdict on an item that asks for one, bound to the value they judged. */
export interface Verdict {
  key: TestItemKey;
  value: string;
  state: typeof TEST_ITEM_STATE.ok | typeof TEST_ITEM_STATE.failed;
  /** When the installer made it (their device's clock), which orders verdicts made offline. */
  madeAt: Date;
  /** Who made it (e-mail), for the stored result. */
  by: string;
  note: string | null;
}

/**
 * The verdicts of a running test, merged in the order they were made (not received): per item
 * and judged value, the latest made counts. A verdict made offline that arrives late thus neither
 * overrides a newer one nor is lost; a value judged earlier counts again when it comes back.
 */
export class Verdicts {
  readonly #byItem = new Map<TestItemKey, Map<string, Verdict>>();

  add(verdict: Verdict): void {
    let byValue = this.#byItem.get(verdict.key);
    if (!byValue) this.#byItem.set(verdict.key, (byValue = new Map<string, Verdict>()));
    const held = byValue.get(verdict.value);
    if (!held || held.madeAt.getTime() <= verdict.madeAt.getTime())
      byValue.set(verdict.value, verdict);
  }

  /** The verdict on `value` of item `key`, if someone judged that value. */
  on(key: TestItemKey, value: string): Verdict | undefined {
    return this.#byItem.get(key)?.get(value);
  }

  clear(): void {
    this.#byItem.clear();
  }
}

/**
 * Verdicts a hub client sends (GetTestProgress's SocketModel) for items that await one now: bound
 * to the value the server shows, made now. Everything else it sends is ignored.
 */
export function verdictsFromSocketModel(
  current: readonly TestItem[],
  sent: readonly Pick<TestItem, 'key' | 'state'>[],
  by: string,
  now = new Date(),
): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const item of current) {
    if (item.state !== TEST_ITEM_STATE.awaitingConfirmation) continue;
    const state = sent.find((s) => s.key === item.key)?.state;
    if (state === TEST_ITEM_STATE.ok || state === TEST_ITEM_STATE.failed)
      verdicts.push({ key: item.key, value: item.value, state, madeAt: now, by, note: null });
  }
  return verdicts;
}
