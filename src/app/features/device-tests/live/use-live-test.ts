import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { TestItemKey, TestRawMessage } from '@shared/devices/device-tests';
import { reportNetworkFailure, useIsOnline } from '@app/lib/connectivity';
import {
  startDeviceTest,
  stopDeviceTest,
} from '@app/features/device-tests/api/device-test-settings';
import {
  problemOf,
  type ConnectionProblem,
} from '@app/features/device-tests/model/connection-problem';
import {
  confirmationRequest,
  initialLiveTest,
  liveTestReducer,
} from '@app/features/device-tests/model/live-test';
import { openTestHub, type TestHub } from './test-hub';

// React's development double mount unmounts and mounts again at once: the stop waits a moment
// so that a mount which follows straight away can call it off.
const pendingStops = new Map<string, number>();
const STOP_GRACE_MS = 50;

function scheduleStop(imei: string) {
  pendingStops.set(
    imei,
    window.setTimeout(() => {
      pendingStops.delete(imei);
      void stopDeviceTest(imei);
    }, STOP_GRACE_MS),
  );
}

function cancelStop(imei: string) {
  window.clearTimeout(pendingStops.get(imei));
  pendingStops.delete(imei);
}

/**
 * The live installation test of one device (spec 03 §4): the hub's items, raw messages and
 * result, the connection state, a retry, and the user's confirmations. Leaving stops the
 * connection and, unless the test finished, the test itself.
 */
export function useLiveTest(
  imei: string | undefined,
  lastKnownMessage: TestRawMessage | undefined,
) {
  const [state, dispatch] = useReducer(liveTestReducer, initialLiveTest);
  const [attempt, setAttempt] = useState(0);
  const hub = useRef<TestHub | null>(null);
  // Nothing to stop when leaving: the test finished, or the server said none is running (a stop
  // would only earn a refusal).
  const noStop = useRef(false);
  const online = useIsOnline();

  useEffect(() => {
    const kind = state.problem?.kind;
    noStop.current =
      state.connection === 'finished' || kind === 'notRunning' || kind === 'notSetUp';
    if (state.connection === 'finished') void hub.current?.stop();
  }, [state.connection, state.problem]);

  const closed = useCallback((problem: ConnectionProblem) => {
    dispatch({ type: 'disconnected', problem });
    // No word from the server: find out whether it is the network, which the page then says.
    if (problem.kind === 'dropped') void reportNetworkFailure();
  }, []);

  useEffect(() => {
    if (imei === undefined) return;
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

  useEffect(() => {
    if (imei === undefined) return;
    cancelStop(imei);
    return () => {
      if (!noStop.current) scheduleStop(imei);
    };
  }, [imei]);

  // The server ends a test once nobody watches it, so a lost connection usually took the test
  // with it: Retry starts it again, then connects.
  const retry = useCallback(() => {
    if (imei === undefined) return;
    dispatch({ type: 'connecting' });
    // The page says what went wrong: no failure toast on top.
    startDeviceTest(imei, { notify: false }).then(
      () => {
        setAttempt((n) => n + 1);
      },
      (error: unknown) => {
        closed(problemOf(error));
      },
    );
  }, [imei, closed]);

  // Dropped with the network: once the server answers again, go on without the user's help.
  const dropped = state.connection === 'disconnected' && state.problem?.kind === 'dropped';
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && dropped) retry();
  }, [online, dropped, retry]);

  const newest = state.rawMessages[0] ?? lastKnownMessage;
  const confirm = useCallback(
    async (key: TestItemKey, correct: boolean) => {
      if (imei === undefined || !state.items || !hub.current) return;
      await hub.current.sendProgress(confirmationRequest(imei, state.items, key, correct, newest));
    },
    [imei, state.items, newest],
  );

  return { ...state, online, retry, confirm };
}
