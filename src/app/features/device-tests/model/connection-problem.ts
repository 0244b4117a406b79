import { DEVICE_TEST_NOT_ACTIVE } from '@shared/devices/device-tests';
import { ApiError } from '@app/lib/api-errors';

/**
 * Why the live connection ended, as far as the page can tell. Installers sit in vehicles with
 * flaky connections: they read what it means for them, never the client's technical text.
 */
export type ConnectionProblem =
  /** The hub said the device has no running test. */
  | { kind: 'notRunning' }
  /** Starting it again found no saved test settings. */
  | { kind: 'notSetUp' }
  /** The server ended it and said why, in words meant for users. */
  | { kind: 'ended'; reason: string }
  /** No word from the server: the network or the transport; the network's state tells more. */
  | { kind: 'dropped' };

/** How the SignalR client wraps a reason the server gave when it closed the connection. */
export const SERVER_CLOSE_PREFIX = 'Server returned an error on close: ';

/** Reads a hub close or a failed (re)start of the test. */
export function problemOf(error: unknown): ConnectionProblem {
  if (error instanceof ApiError) {
    if (error.status === 404) return { kind: 'notSetUp' };
    // 400 and 403 carry the server's own message; anything else is the network's doing.
    return error.status === 400 || error.status === 403
      ? { kind: 'ended', reason: error.message }
      : { kind: 'dropped' };
  }
  const text = error instanceof Error ? error.message : '';
  if (!text.startsWith(SERVER_CLOSE_PREFIX)) return { kind: 'dropped' };
  const reason = text.slice(SERVER_CLOSE_PREFIX.length).trim();
  return reason === DEVICE_TEST_NOT_ACTIVE ? { kind: 'notRunning' } : { kind: 'ended', reason };
}

/** What the network is like now: `navigator.onLine`, and whether the server answers. */
export type Network = 'online' | 'offline' | 'unreachable';

export interface ProblemText {
  title: string;
  body: string;
  /**
   * 'start': offer a new test; 'reconnect': go on with this one; 'setUp': only the way to set
   * one up.
   */
  action: 'start' | 'reconnect' | 'setUp' | 'none';
}

/** The words the page shows for a problem, given the network as it is now. */
export function problemText(problem: ConnectionProblem, network: Network): ProblemText {
  switch (problem.kind) {
    case 'notRunning':
      return {
        title: 'No test is running for this device',
        body: 'Start the test here, or set up a new one.',
        action: 'start',
      };
    case 'notSetUp':
      return {
        title: 'This device has no test set up',
        body: 'Choose the device on the Installation Test page to set up its test.',
        action: 'setUp',
      };
    case 'ended':
      return {
        title: 'The live connection ended',
        body: `${problem.reason.replace(/\.$/, '')}. Start the test again to go on.`,
        action: 'start',
      };
    case 'dropped':
      return network === 'offline'
        ? {
            title: 'You are offline: the test goes on',
            body:
              'The device keeps sending and the server keeps checking it. Judge the items you ' +
              'see here: your verdicts wait in the Outbox and are sent when the connection is ' +
              'back, and the page then shows the latest state by itself.',
            action: 'none',
          }
        : network === 'unreachable'
          ? {
              title: 'The portal cannot be reached',
              body:
                'The test goes on on the server, and your verdicts wait in the Outbox. Check ' +
                'the mobile connection: the page keeps trying and reconnects by itself.',
              action: 'none',
            }
          : {
              title: 'The live connection was lost',
              body: 'The test goes on on the server. Reconnect to follow it again.',
              action: 'reconnect',
            };
  }
}
