import type { TestProgress, TestResultText } from '@shared/devices/device-tests';
import type { DeviceTestRun } from '@shared/devices/test-runs';
import type { ConnectionProblem } from './connection-problem';

/** A run the server finished while the phone was away, as the hub's last progress would say it. */
export function runResultProgress(run: DeviceTestRun): TestProgress | null {
  if (run.EndReason !== 'finished' || !run.TestResult) return null;
  return {
    IMEI: run.IMEI,
    Items: run.Items,
    Finished: true,
    TestResult: run.TestResult as TestResultText,
    ResultId: run.ResultId,
  };
}

const ENDINGS: Record<string, string> = {
  stopped: 'The test was stopped',
  restarted: 'The test was started again elsewhere',
  expired: 'The test ended: nobody worked on it for a day',
};

/** A run that ended without a result: the page says how. */
export const runEndProblem = (run: DeviceTestRun): ConnectionProblem => ({
  kind: 'ended',
  reason: ENDINGS[run.EndReason ?? ''] ?? 'The test ended',
});
