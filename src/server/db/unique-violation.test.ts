import { describe, expect, it } from 'vitest';
import { isDeadlock, isUniqueViolation, retryOnDeadlock } from './unique-violation';

const failure = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });

describe('SQL states', () => {
  it('finds the code on the error or its cause', () => {
    expect(isUniqueViolation(failure('23505'))).toBe(true);
    expect(isDeadlock(failure('40P01'))).toBe(true);
    expect(isDeadlock(failure('23505'))).toBe(false);
  });

  it('runs a transaction again when it lost a deadlock, and gives up after the attempts', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(failure('40P01')) : Promise.resolve('done'));
    await expect(retryOnDeadlock(flaky)).resolves.toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryOnDeadlock(flaky, 2)).rejects.toThrow('query failed');
    calls = 0;
    const broken = () => (++calls, Promise.reject(failure('23505')));
    await expect(retryOnDeadlock(broken)).rejects.toThrow('query failed');
    expect(calls).toBe(1);
  });
});
