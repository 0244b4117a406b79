/** The real server as a child process on free ports, with the device port enabled. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../tests/e2e/support/portal';

export interface IngestServer {
  devicePort: number;
  /** CPU seconds (user + system) the server process used so far; NaN where /proc is missing. */
  cpuSeconds(): number;
  /** The link's statistics from the server's shutdown log line, once stopped. */
  linkStats(): unknown;
  stop(): Promise<void>;
}

export async function startServer(env: {
  DATABASE_URL: string;
  DATA_DIR: string;
  /** The key the benchmark sealed the device credentials with. */
  SECRETS_KEY: string;
  /** Forwarding is off unless a benchmark turns it on (FORWARDING=on). */
  FORWARDING?: string;
  FORWARD_TARGETS_ALLOWED?: string;
}): Promise<IngestServer> {
  const [port, devicePort] = [await freePort(), await freePort()];
  // BENCH_PROFILE_DIR=/some/dir writes a V8 CPU profile of the server (open it in DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      FORWARDING: 'off',
      ...env,
      PORT: String(port),
      DEVICE_PORT: String(devicePort),
      HOST: '127.0.0.1',
      STATIC_DIR: env.DATA_DIR,
      LOG_LEVEL: 'info',
    },
    stdio: 'pipe',
  });
  let output = '';
  let stats: unknown;
  const onData = (data: Buffer) => {
    output += data.toString();
    // Keep only the tail; the stats line is parsed as lines arrive.
    for (const line of output.split('\n').slice(0, -1)) {
      if (line.includes('"device link closed"'))
        stats = (JSON.parse(line) as { stats?: unknown }).stats;
    }
    output = output.slice(output.lastIndexOf('\n') + 1);
  };
  let log = '';
  child.stdout.on('data', onData);
  child.stderr.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    devicePort,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    linkStats: () => stats,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime of a process from /proc (Linux; clock ticks of 10 ms). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
