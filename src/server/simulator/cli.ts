import { parseArgs } from 'node:util';
import { defaultCredentialsFile } from './credentials-file';
import { describeFailure } from './failures';
import { deviceLinkUrlFromEnv } from './link-url';

/** `npm run simulate`: its options, read from the command line and the server's settings. */

export const USAGE = `Usage: npm run simulate -- [options]

Simulated trackers post signed messages to the device link (docs/device-protocol.md), apply
pending settings, execute modem requests and answer remote tachograph download requests.

Options:
  --devices N          how many devices (default 10, or all of --imeis)
  --interval S         seconds between two messages of one device (default 10)
  --duration S         stop after S seconds (default: run until Ctrl-C)
  --url URL            the device link (default: from the server's settings, below)
  --credentials FILE   IMEI → credential JSON (default DATA_DIR/demo-device-credentials.json,
                       which the demo seed writes)
  --imeis A,B          simulate these devices of the credentials file only
  --invalid-rate R     share of messages sent cut off, 0..1 (default 0)
  --refuse-rate R      share of library files refused after download, 0..1 (default 0)
  --seed N             random seed, for a repeatable run
  -h, --help           this text

Without --url the simulator reads the server's own settings: DEVICE_PORT (default 5000; 0 or
the same as PORT means devices use the main port, PORT, default 8080) and HOST (0.0.0.0 or
unset: this machine), and DATA_DIR for the credentials file.`;

export interface SimulateOptions {
  /** Infinity: every device of --imeis. */
  devices: number;
  intervalSeconds: number;
  durationSeconds: number | undefined;
  url: string;
  /** Why this URL: `--url`, or the settings that chose it. */
  urlWhy: string;
  credentials: string;
  imeis: string[] | undefined;
  invalidRate: number;
  refuseRate: number;
  seed: number | undefined;
}

export type SimulateArgs =
  { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; options: SimulateOptions };

class UsageError extends Error {}

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(value > 0) || !Number.isFinite(value))
    throw new UsageError(`--${name} must be a positive number, got ${JSON.stringify(text)}`);
  return value;
}

function share(name: string, text: string): number {
  const value = Number(text);
  if (!(value >= 0 && value <= 1))
    throw new UsageError(`--${name} must be a number from 0 to 1, got ${JSON.stringify(text)}`);
  return value;
}

/** Reads the command line; a wrong option or value is an error to print with the usage, not a crash. */
export function parseSimulateArgs(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): SimulateArgs {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: {
        help: { type: 'boolean', short: 'h' },
        devices: { type: 'string' },
        interval: { type: 'string', default: '10' },
        url: { type: 'string' },
        credentials: { type: 'string' },
        imeis: { type: 'string' },
        duration: { type: 'string' },
        'invalid-rate': { type: 'string', default: '0' },
        'refuse-rate': { type: 'string', default: '0' },
        seed: { type: 'string' },
      },
    });
    if (values.help) return { kind: 'help' };
    const imeis = values.imeis
      ?.split(',')
      .map((imei) => imei.trim())
      .filter(Boolean);
    const link = values.url ? { url: values.url, why: '--url' } : deviceLinkUrlFromEnv(env);
    const seed = values.seed === undefined ? undefined : Number(values.seed);
    if (seed !== undefined && !Number.isInteger(seed))
      throw new UsageError(`--seed must be a whole number, got ${JSON.stringify(values.seed)}`);
    return {
      kind: 'run',
      options: {
        // Without --devices: every device named by --imeis, else the first 10 of the file.
        devices: positive('devices', values.devices) ?? (imeis ? Infinity : 10),
        intervalSeconds: positive('interval', values.interval) ?? 10,
        durationSeconds: positive('duration', values.duration),
        url: link.url,
        urlWhy: link.why,
        credentials: values.credentials ?? defaultCredentialsFile(env.DATA_DIR ?? './data'),
        imeis,
        invalidRate: share('invalid-rate', values['invalid-rate']),
        refuseRate: share('refuse-rate', values['refuse-rate']),
        seed,
      },
    };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (
      error instanceof UsageError ||
      (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
    )
      return { kind: 'error', message: usageMessage(error as Error) };
    throw error;
  }
}

/** parseArgs explains at length how to pass a positional '-x'; the first sentence is the point. */
function usageMessage(error: Error): string {
  const first = error.message.split(/\.\s/)[0] ?? error.message;
  return first.replace(/\.$/, '');
}

/** What a network error code means here, when it has a likely cause. */
const HINTS: Record<string, string> = {
  ECONNREFUSED:
    'nothing listens there: is the server running, with the HOST, PORT and DEVICE_PORT given to ' +
    "this command? (A server that logged 'device port in use' serves devices on PORT only.) " +
    'Or pass --url',
  ENOTFOUND: 'the host name does not resolve: check HOST or --url',
  EHOSTUNREACH: 'the host cannot be reached: check HOST or --url',
};

/** Counts why requests failed, and says each reason the first time it is seen. */
export function createFailureTally(url: string, maxReasons = 20) {
  const reasons = new Map<string, number>();
  return {
    /** A line to print now when this reason is new (with a hint), else null. */
    add(error: unknown, imei: string): string | null {
      let reason = describeFailure(error);
      if (!reasons.has(reason) && reasons.size >= maxReasons) reason = 'other failures';
      const seen = reasons.get(reason) ?? 0;
      reasons.set(reason, seen + 1);
      if (seen > 0) return null;
      const code = Object.keys(HINTS).find((c) => reason.includes(c));
      const hint = code ? ` — ${HINTS[code] ?? ''}` : '';
      return `Device ${imei}: ${reason} (${url})${hint}`;
    },
    /** `3 × HTTP 401: …; 6 × connect ECONNREFUSED …`, or '' when nothing failed. */
    summary(): string {
      return [...reasons].map(([reason, n]) => `${String(n)} × ${reason}`).join('; ');
    },
  };
}
