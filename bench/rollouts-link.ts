/**
 * What the rollouts benchmark's simulated trackers see of the device link: each request the
 * simulator makes (a message, or a range of a library file) timed to its answer's headers and
 * counted when it fails (any status but 200/206, a timeout, a refused or timed-out connection);
 * and this process's CPU and event-loop stalls, as the simulator shares it.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEVICE_LIBRARY_PATH } from '../src/shared/devices/device-link';
import { percentile, round } from './stats';

type Kind = 'message' | 'range';

export interface RequestSummary {
  requests: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  firstError: string | undefined;
}

export interface LinkSummary {
  message: RequestSummary;
  range: RequestSummary;
  /** CPU of this process (the simulator and the poller) over the window, in s. */
  clientCpuS: number;
  /** The longest this process's event loop was blocked in the window, in ms. */
  clientMaxStallMs: number;
  /** Connections the kernel dropped because a listen queue was full (Linux; NaN elsewhere). */
  listenOverflows: number;
}

/** TcpExt ListenOverflows of the whole machine so far (Linux), NaN where unknown. */
function listenOverflows(): number {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith('TcpExt:'));
    const names = lines[at]?.split(' ') ?? [];
    const values = lines[at + 1]?.split(' ') ?? [];
    return Number(values[names.indexOf('ListenOverflows')] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

export function linkRecorder() {
  const samples: Record<Kind, number[]> = { message: [], range: [] };
  const failed: Record<Kind, number> = { message: 0, range: 0 };
  const firstError: Record<Kind, string | undefined> = { message: undefined, range: undefined };
  let recording = false;
  let windowStart = Number.POSITIVE_INFINITY;
  let cpu = process.cpuUsage();
  let overflows = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });

  const fail = (kind: Kind, why: string) => {
    failed[kind]++;
    firstError[kind] ??= why;
  };
  const timedFetch: typeof fetch = async (input, init) => {
    const href = input instanceof Request ? input.url : String(input);
    const kind: Kind = href.includes(`${DEVICE_LIBRARY_PATH}/`) ? 'range' : 'message';
    const start = performance.now();
    // Sent and answered within the window: the simulator's stop aborts what is in flight.
    const counted = () => recording && start >= windowStart;
    try {
      const response = await fetch(input, init);
      if (counted()) {
        samples[kind].push(performance.now() - start);
        if (response.status !== 200 && response.status !== 206)
          fail(kind, `HTTP ${String(response.status)}`);
      }
      return response;
    } catch (error) {
      // fetch's own message is 'fetch failed'; the cause says why (a timeout, a reset).
      const cause = (error as { cause?: Error }).cause;
      if (counted())
        fail(kind, [(error as Error).message, cause?.message].filter(Boolean).join(': '));
      throw error;
    }
  };
  const summary = (kind: Kind): RequestSummary => ({
    requests: samples[kind].length + failed[kind],
    failed: failed[kind],
    p50Ms: round(percentile(samples[kind], 50)),
    p99Ms: round(percentile(samples[kind], 99)),
    maxMs: round(samples[kind].reduce((a, b) => Math.max(a, b), 0)),
    firstError: firstError[kind],
  });

  return {
    /** The simulator's `fetch`. */
    fetch: timedFetch,
    /** Starts the window: only requests sent from now on count. */
    start() {
      recording = true;
      windowStart = performance.now();
      cpu = process.cpuUsage();
      overflows = listenOverflows();
      loop.enable();
    },
    /** Ends the window and sums it up. */
    stop(): LinkSummary {
      recording = false;
      loop.disable();
      const used = process.cpuUsage(cpu);
      return {
        message: summary('message'),
        range: summary('range'),
        clientCpuS: round((used.user + used.system) / 1e6),
        clientMaxStallMs: round(loop.max / 1e6),
        listenOverflows: listenOverflows() - overflows,
      };
    },
  };
}
