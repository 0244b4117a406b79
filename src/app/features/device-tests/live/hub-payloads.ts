import type { TestItem, TestProgress, TestRawMessage } from '@shared/devices/device-tests';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isItem = (value: unknown): value is TestItem =>
  isRecord(value) && typeof value.key === 'string' && typeof value.state === 'number';

const isRawMessage = (value: unknown): value is TestRawMessage =>
  isRecord(value) && typeof value.Id === 'number' && typeof value.Message === 'string';

/** ReceiveTestList: the items (also the `Items` of a progress). Anything else is ignored. */
export function readTestList(payload: unknown): TestItem[] | null {
  return Array.isArray(payload) && payload.every(isItem) ? payload : null;
}

/** ReceiveTestProgress: a TestProgress (docs/installation-test.md). */
export function readProgress(payload: unknown): TestProgress | null {
  if (!isRecord(payload) || typeof payload.Finished !== 'boolean') return null;
  const items = readTestList(payload.Items);
  if (!items) return null;
  return {
    IMEI: typeof payload.IMEI === 'string' ? payload.IMEI : '',
    Items: items,
    Finished: payload.Finished,
    TestResult:
      payload.TestResult === 'TEST OK' || payload.TestResult === 'FAILED'
        ? payload.TestResult
        : null,
    ResultId: typeof payload.ResultId === 'number' ? payload.ResultId : null,
  };
}

/**
 * ReceiveRawMessage: one message or several. MessagePack hands dates over as Date objects, so
 * the timestamp is normalised to an ISO string.
 */
export function readRawMessages(payload: unknown): TestRawMessage[] {
  const list = Array.isArray(payload) ? (payload as unknown[]) : [payload];
  return list.filter(isRawMessage).map((m) => {
    const stamp: unknown = m.TimeStampServer;
    return {
      Id: m.Id,
      Message: m.Message,
      TimeStampServer: stamp instanceof Date ? stamp.toISOString() : String(stamp),
    };
  });
}
