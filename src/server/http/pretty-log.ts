import { prettyFactory } from 'pino-pretty';
import type { LogDestination } from './logger';

/** How log lines look on stdout: JSON lines, or one readable line each (a developer's terminal). */
export type LogFormat = 'json' | 'pretty';

/**
 * JSON for production and for anything that is not a terminal (files, pipes, log collectors);
 * readable lines in a developer's terminal. NODE_ENV=production always means JSON;
 * LOG_FORMAT=json or LOG_FORMAT=pretty chooses otherwise.
 */
export function logFormatFor(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): LogFormat {
  if (env.NODE_ENV === 'production' || env.LOG_FORMAT === 'json') return 'json';
  if (env.LOG_FORMAT === 'pretty') return 'pretty';
  return stdoutIsTerminal ? 'pretty' : 'json';
}

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request's line: `GET /api/devices/ 200 12 ms`; any other line: its message. */
function messageOf(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestLine;
  if (req?.method && res?.statusCode !== undefined) {
    const ms = responseTime === undefined ? '' : ` ${responseTime.toFixed(0)} ms`;
    return `${req.method} ${req.url ?? ''} ${String(res.statusCode)}${ms}`;
  }
  const message = log[messageKey];
  return typeof message === 'string' ? message : JSON.stringify(message ?? '');
}

/**
 * The JSON lines turned into one readable line each by pino-pretty, written through the same
 * non-blocking destination (so a slow terminal still never holds the server up).
 */
export function prettyDestination(destination: LogDestination, colorize: boolean): LogDestination {
  const pretty = prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: messageOf,
  });
  return {
    write: (line) => {
      destination.write(pretty(line));
    },
    get dropped() {
      return destination.dropped;
    },
    drained: (timeoutMs) => destination.drained(timeoutMs),
  };
}
