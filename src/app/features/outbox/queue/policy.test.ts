import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@app/lib/api-errors';
import { SettingsConflictError } from './conflicts';
import { failureOf, shouldRetryWrite, writeRetryDelay } from './policy';

describe('shouldRetryWrite', () => {
  it('retries network errors without end, server errors a while, never a refusal', () => {
    expect(shouldRetryWrite(50, new ApiError('Network response was not ok.', 0))).toBe(true);
    expect(shouldRetryWrite(1, new ApiError('x', 503))).toBe(true);
    expect(shouldRetryWrite(8, new ApiError('x', 503))).toBe(false);
    expect(shouldRetryWrite(1, new ApiError('x', 409))).toBe(true);
    expect(shouldRetryWrite(0, new ApiError('x', 422))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError('Bad value', 400))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError('x', 404))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError('x', 401))).toBe(false);
    expect(shouldRetryWrite(0, new SettingsConflictError([]))).toBe(false);
    expect(shouldRetryWrite(3, new DOMException('Offline', 'TimeoutError'))).toBe(true);
  });

  it('backs off from 1 s to 30 s, but pauses at once when the app knows it is offline', () => {
    const serverError = new ApiError('x', 503);
    expect([1, 2, 3, 10].map((n) => writeRetryDelay(n, serverError))).toEqual([
      1000, 2000, 4000, 30000,
    ]);
    onlineManager.setOnline(false);
    expect(writeRetryDelay(10, new ApiError('Network response was not ok.', 0))).toBe(0);
    onlineManager.setOnline(true);
    expect(writeRetryDelay(1, new ApiError('Network response was not ok.', 0))).toBe(1000);
  });
});

describe('failureOf', () => {
  it('turns errors into plain records that survive IndexedDB, and reads them back', () => {
    const refused = failureOf(new ApiError('Device not found', 400));
    expect(refused).toEqual({
      name: 'OutboxFailure',
      kind: 'rejected',
      message: 'Device not found',
      status: 400,
    });
    expect(failureOf(structuredClone(refused))).toEqual(refused);
    const conflict = failureOf(
      new SettingsConflictError([{ SettingName: 'a', base: '1', mine: '2', theirs: '3' }]),
    );
    expect(conflict).toMatchObject({ kind: 'conflict', conflicts: [{ theirs: '3' }] });
    expect(failureOf(null)).toBeNull();
  });
});
