import { afterEach, beforeEach } from 'vitest';

/**
 * A console.error during a test fails it (issue 10): an error nobody asserted is a bug the run
 * would otherwise bury in its output. Loaded by every Vitest project (vite.config.ts setupFiles).
 *
 * A test that expects an error to be logged says so by replacing console.error and asserting on
 * it, e.g. `const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);` then
 * `expect(logged).toHaveBeenCalledWith(...)`. The spy stands in for this guard until the next test.
 */
const print = console.error.bind(console);
let logged: unknown[][] = [];

function guard(...args: unknown[]): void {
  logged.push(args);
  print(...args);
}

const describeCall = (args: unknown[]) =>
  args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');

console.error = guard;

beforeEach(() => {
  logged = [];
  console.error = guard;
});

afterEach(() => {
  const calls = logged;
  logged = [];
  if (calls.length === 0) return;
  throw new Error(
    `console.error was called ${String(calls.length)} time(s) during the test ` +
      `(expected errors: spy on console.error and assert them):\n` +
      calls.map((args) => `  - ${describeCall(args).slice(0, 2_000)}`).join('\n'),
  );
});
