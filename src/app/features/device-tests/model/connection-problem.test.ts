import { describe, expect, it } from 'vitest';
import { DEVICE_TEST_NOT_ACTIVE } from '@shared/devices/device-tests';
import { ApiError, NotFoundError } from '@app/lib/api-errors';
import { problemOf, problemText, SERVER_CLOSE_PREFIX } from './connection-problem';

describe('problemOf', () => {
  it("reads the server's close reason, and no test running from it", () => {
    expect(problemOf(new Error(`${SERVER_CLOSE_PREFIX}${DEVICE_TEST_NOT_ACTIVE}`))).toEqual({
      kind: 'notRunning',
    });
    expect(problemOf(new Error(`${SERVER_CLOSE_PREFIX}The installation test was stopped`))).toEqual(
      { kind: 'ended', reason: 'The installation test was stopped' },
    );
  });

  it("takes the client's own failures for the network's, never as words to show", () => {
    const negotiation = new Error(
      'Failed to complete negotiation with the server: TypeError: Failed to fetch',
    );
    expect(problemOf(negotiation)).toEqual({ kind: 'dropped' });
    expect(problemOf(undefined)).toEqual({ kind: 'dropped' });
    expect(problemOf(new ApiError('Network response was not ok.', 0))).toEqual({
      kind: 'dropped',
    });
  });

  it('reads a start without saved settings as nothing set up', () => {
    expect(problemOf(new NotFoundError())).toEqual({ kind: 'notSetUp' });
  });
});

describe('problemText', () => {
  it('says offline, unreachable or lost by the network as it is now', () => {
    const dropped = { kind: 'dropped' } as const;
    expect(problemText(dropped, 'offline').title).toBe('You are offline: the test goes on');
    expect(problemText(dropped, 'unreachable').title).toBe('The portal cannot be reached');
    expect(problemText(dropped, 'online')).toMatchObject({ action: 'reconnect' });
  });
});
