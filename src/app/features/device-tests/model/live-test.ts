import {
  type TestItem,
  type TestProgress,
  type TestRawMessage,
  type TestResultText,
} from '@shared/devices/device-tests';
import type { ConnectionProblem } from './connection-problem';

/** How the page's live connection stands; `finished` is the server's close after the result. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'disconnected' | 'finished';

export interface LiveTestState {
  connection: ConnectionState;
  /** Null until the server sent the list. */
  items: TestItem[] | null;
  /** Newest first. */
  rawMessages: TestRawMessage[];
  result: TestResultText | null;
  /** Why the connection ended, when it did not end with a result. */
  problem: ConnectionProblem | null;
}

export type LiveTestAction =
  | { type: 'connecting' }
  | { type: 'live' }
  | { type: 'reconnecting' }
  | { type: 'disconnected'; problem: ConnectionProblem }
  | { type: 'testList'; items: TestItem[] }
  | { type: 'progress'; progress: TestProgress }
  | { type: 'rawMessages'; messages: TestRawMessage[] };

export const initialLiveTest: LiveTestState = {
  connection: 'connecting',
  items: null,
  rawMessages: [],
  result: null,
  problem: null,
};

/** Enough to read the latest traffic; older messages are on the device screen. */
export const MAX_LIVE_RAW_MESSAGES = 100;

const newestFirst = (a: TestRawMessage, b: TestRawMessage) =>
  b.TimeStampServer.localeCompare(a.TimeStampServer) || b.Id - a.Id;

/** Adds messages by Id (a reconnect may repeat some), newest first, capped. */
export function mergeRawMessages(
  current: readonly TestRawMessage[],
  incoming: readonly TestRawMessage[],
): TestRawMessage[] {
  const byId = new Map(current.map((m) => [m.Id, m]));
  for (const message of incoming) byId.set(message.Id, message);
  return [...byId.values()].sort(newestFirst).slice(0, MAX_LIVE_RAW_MESSAGES);
}

export function liveTestReducer(state: LiveTestState, action: LiveTestAction): LiveTestState {
  // After the result nothing changes any more: the close that follows is expected.
  if (state.connection === 'finished') return state;
  switch (action.type) {
    case 'connecting':
      return { ...state, connection: 'connecting', problem: null };
    case 'live':
      return { ...state, connection: 'live', problem: null };
    case 'reconnecting':
      return { ...state, connection: 'reconnecting' };
    case 'disconnected':
      return { ...state, connection: 'disconnected', problem: action.problem };
    case 'testList':
      return { ...state, items: action.items };
    case 'progress': {
      const { Items, Finished, TestResult } = action.progress;
      return Finished
        ? { ...state, items: Items, result: TestResult, connection: 'finished', problem: null }
        : { ...state, items: Items };
    }
    case 'rawMessages':
      return { ...state, rawMessages: mergeRawMessages(state.rawMessages, action.messages) };
  }
}
