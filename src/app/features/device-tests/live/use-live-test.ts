import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { TestItemKey, TestRawMessage } from '../../../../shared/device-tests';
import { startDeviceTest, stopDeviceTest } from '../api/device-test-settings';
import { confirmationRequest, initialLiveTest, liveTestReducer } from '../model/live-test';
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
  const finished = useRef(false);

  useEffect(() => {
    finished.current = state.connection === 'finished';
    if (finished.current) void hub.current?.stop();
  }, [state.connection]);

  useEffect(() => {
    if (imei === undefined) return;
    const opened = openTestHub(imei, {
      onConnected: () => {
        dispatch({ type: 'live' });
      },
      onReconnecting: () => {
        dispatch({ type: 'reconnecting' });
      },
      onClosed: (error) => {
        dispatch({ type: 'disconnected', error });
      },
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
  }, [imei, attempt]);

  useEffect(() => {
    if (imei === undefined) return;
    cancelStop(imei);
    return () => {
      if (!finished.current) scheduleStop(imei);
    };
  }, [imei]);

  // The server ends a test once nobody watches it, so a lost connection usually took the test
  // with it: Retry starts it again, then connects.
  const retry = useCallback(() => {
    if (imei === undefined) return;
    dispatch({ type: 'connecting' });
    startDeviceTest(imei).then(
      () => {
        setAttempt((n) => n + 1);
      },
      (error: unknown) => {
        dispatch({ type: 'disconnected', error: error instanceof Error ? error.message : null });
      },
    );
  }, [imei]);

  const newest = state.rawMessages[0] ?? lastKnownMessage;
  const confirm = useCallback(
    async (key: TestItemKey, correct: boolean) => {
      if (imei === undefined || !state.items || !hub.current) return;
      await hub.current.sendProgress(confirmationRequest(imei, state.items, key, correct, newest));
    },
    [imei, state.items, newest],
  );

  return { ...state, retry, confirm };
}
