import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { TEST_ITEM_STATE, type TestItemKey } from '@shared/devices/device-tests';
import { reportNetworkFailure, useIsOnline } from '@app/lib/connectivity';
import { randomUuid } from '@app/lib/uuid';
import { MODEM_COMMAND_TYPE } from '@shared/devices/constants';
import { isOutputItem, OUTPUT_ITEMS, outputCommand } from '@shared/devices/test-items';
import { createRequestMutationOptions } from '@app/features/device-detail';
import { submitWrite } from '@app/features/outbox';
import { stopDeviceTest } from '@app/features/device-tests/api/device-test-settings';
import {
  deviceTestRunQueryOptions,
  startRunMutationOptions,
  verdictMutationOptions,
} from '@app/features/device-tests/api/runs';
import {
  problemOf,
  type ConnectionProblem,
} from '@app/features/device-tests/model/connection-problem';
import {
  newRun,
  readCurrentRun,
  saveCurrentRun,
  withLocalVerdicts,
  type CurrentRun,
} from '@app/features/device-tests/model/current-run';
import { initialLiveTest, liveTestReducer } from '@app/features/device-tests/model/live-test';
import { runEndProblem, runResultProgress } from '@app/features/device-tests/model/run-end';
import { openTestHub, type TestHub } from './test-hub';

interface TestedDevice {
  Id: number;
  IMEI: string;
}

/**
 * The installer's run of a device's test (spec 03 §4, docs/installation-test.md): the hub's
 * items, raw messages and result while connected; the last known items and the verdicts made on
 * the phone while not. Verdicts go through the outbox, so they are kept offline and sent exactly
 * once. Leaving the page leaves the test running on the server; only Stop ends it.
 */
export function useLiveTest(device: TestedDevice) {
  const imei = device.IMEI;
  const client = useQueryClient();
  const [run, setRun] = useState<CurrentRun | null>(() => readCurrentRun(imei));
  const [state, dispatch] = useReducer(liveTestReducer, run?.items ?? null, (items) => ({
    ...initialLiveTest,
    items,
  }));
  const [attempt, setAttempt] = useState(0);
  const hub = useRef<TestHub | null>(null);
  const online = useIsOnline();

  const keep = useCallback((next: CurrentRun) => {
    saveCurrentRun(next);
    setRun(next);
  }, []);

  // The server's items replace the stored ones: a reload with no signal shows these.
  useEffect(() => {
    const current = readCurrentRun(imei);
    if (current && state.items) saveCurrentRun({ ...current, items: state.items });
  }, [state.items, imei]);

  useEffect(() => {
    if (state.connection === 'finished') void hub.current?.stop();
  }, [state.connection]);

  const closed = useCallback((problem: ConnectionProblem) => {
    dispatch({ type: 'disconnected', problem });
    // No word from the server: find out whether it is the network, which the page then says.
    if (problem.kind === 'dropped') void reportNetworkFailure();
  }, []);

  useEffect(() => {
    const opened = openTestHub(imei, {
      onConnected: () => {
        dispatch({ type: 'live' });
      },
      onReconnecting: () => {
        dispatch({ type: 'reconnecting' });
      },
      onClosed: closed,
      onTestList: (items) => {
        dispatch({ type: 'testList', items });
      },
      onProgress: (progress) => {
        dispatch({ type: 'progress', progress });
      },
      onRawMessages: (messages) => {
        dispatch({ type: 'rawMessages', messages });
      },
    });
    hub.current = opened;
    return () => {
      hub.current = null;
      void opened.stop();
    };
  }, [imei, attempt, closed]);

  // The hub says no test runs: the server may have finished ours while the phone was away.
  const notRunning = state.connection === 'disconnected' && state.problem?.kind === 'notRunning';
  const ended = useQuery({
    ...deviceTestRunQueryOptions(run?.key ?? ''),
    enabled: notRunning && run !== null,
  });
  useEffect(() => {
    const data = ended.data;
    if (!data?.EndedAt) return;
    const result = runResultProgress(data);
    if (result) dispatch({ type: 'progress', progress: result });
    else dispatch({ type: 'disconnected', problem: runEndProblem(data) });
  }, [ended.data]);

  const start = useCallback(
    async (target: CurrentRun) => {
      dispatch({ type: 'connecting' });
      try {
        // Queued when offline: the server begins the run when the start arrives.
        await submitWrite(client, startRunMutationOptions(), {
          deviceId: device.Id,
          imei,
          run: target.key,
        });
        setAttempt((n) => n + 1);
      } catch (error) {
        closed(problemOf(error));
      }
    },
    [client, device.Id, imei, closed],
  );

  /** Goes on with this run (the same key: nothing restarts), or begins one if there is none. */
  const retry = useCallback(() => {
    void start(run ?? newRunFor(imei, keep));
  }, [run, imei, keep, start]);

  /** A new run from scratch, the last one's verdicts left behind. */
  const startAgain = useCallback(() => {
    void start(newRunFor(imei, keep));
  }, [imei, keep, start]);

  const stop = useCallback(async () => {
    await stopDeviceTest(imei);
    void hub.current?.stop();
  }, [imei]);

  // Dropped with the network: once the server answers again, go on without the user's help.
  const dropped = state.connection === 'disconnected' && state.problem?.kind === 'dropped';
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && dropped) setAttempt((n) => n + 1);
  }, [online, dropped]);

  const items = useMemo(
    () => (state.items && run ? withLocalVerdicts(state.items, run.verdicts) : state.items),
    [state.items, run],
  );

  const confirm = useCallback(
    async (key: TestItemKey, correct: boolean) => {
      const item = items?.find((i) => i.key === key);
      if (!run || item?.state !== TEST_ITEM_STATE.awaitingConfirmation) return;
      const verdict = {
        key,
        value: item.value,
        state: correct ? TEST_ITEM_STATE.ok : TEST_ITEM_STATE.failed,
      } as const;
      keep({ ...run, verdicts: [...run.verdicts, verdict] });
      await submitWrite(client, verdictMutationOptions(), {
        deviceId: device.Id,
        imei,
        run: run.key,
        Item: key,
        Value: item.value,
        State: verdict.state,
        Note: null,
        MadeAt: new Date().toISOString(),
      });
    },
    [items, run, keep, client, device.Id, imei],
  );

  /** An output item's switch: a modem request through the outbox (the device may be reached later). */
  const switchOutput = useCallback(
    async (key: TestItemKey, on: boolean) => {
      if (!isOutputItem(key)) return;
      // No toast: the card itself shows the output's new state once the device reports it.
      await submitWrite(
        client,
        { ...createRequestMutationOptions(), onSuccess: undefined },
        {
          deviceId: device.Id,
          imei,
          Command: outputCommand(OUTPUT_ITEMS[key], on),
          CommandType: MODEM_COMMAND_TYPE,
        },
      );
    },
    [client, device.Id, imei],
  );

  return {
    ...state,
    items,
    online,
    hasRun: run !== null,
    retry,
    startAgain,
    stop,
    confirm,
    switchOutput,
  };
}

function newRunFor(imei: string, keep: (run: CurrentRun) => void): CurrentRun {
  const run = newRun(imei, randomUuid());
  keep(run);
  return run;
}
