import { TEST_ITEM_TEXTS } from '@shared/devices/device-tests';
import { offlineWrite } from '@app/features/outbox';
import {
  startRunMutationOptions,
  verdictMutationOptions,
  type StartRunVariables,
  type VerdictVariables,
} from './api/runs';

/**
 * The installation test's offline writes (issue 27), registered with the outbox by
 * src/app/start-outbox.ts: starting a run and the installer's verdicts, so a test can be run
 * and judged with no signal and lands on the server exactly once when it returns.
 */
export const DEVICE_TEST_OFFLINE_WRITES = [
  offlineWrite({
    options: startRunMutationOptions,
    describe: (v: StartRunVariables) => ['Installation test start', `Device ${v.imei}`],
  }),
  offlineWrite({
    options: verdictMutationOptions,
    describe: (v: VerdictVariables) => [
      'Installation test verdict',
      `${TEST_ITEM_TEXTS[v.Item].title} ${v.Value}: ${v.State === 1 ? 'correct' : 'incorrect'}`,
    ],
  }),
];
