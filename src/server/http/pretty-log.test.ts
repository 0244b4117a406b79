import { describe, expect, it } from 'vitest';
import { logFormatFor, prettyDestination } from './pretty-log';
import type { LogDestination } from './logger';

describe('the log format', () => {
  it('is readable in a developer’s terminal and JSON everywhere else', () => {
    expect(logFormatFor({}, true)).toBe('pretty');
    expect(logFormatFor({}, false)).toBe('json');
    expect(logFormatFor({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatFor({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, true)).toBe('json');
  });
});

describe('readable log lines', () => {
  const written: string[] = [];
  const out: LogDestination = {
    write: (line) => written.push(line),
    dropped: 0,
    drained: () => Promise.resolve(),
  };
  const pretty = prettyDestination(out, false);

  it('show a request as method, URL, status and time on one line', () => {
    pretty.write(
      `${JSON.stringify({
        level: 30,
        time: Date.now(),
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        req: { method: 'POST', url: '/api/v1/devices', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      })}\n`,
    );
    expect(written.at(-1)).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/v1\/devices 200 12 ms\n$/,
    );
  });

  it('show any other line as its message and fields', () => {
    pretty.write(
      `${JSON.stringify({ level: 40, time: Date.now(), port: 5000, msg: 'device port in use' })}\n`,
    );
    expect(written.at(-1)).toMatch(/WARN: device port in use \{"port":5000\}\n$/);
  });
});
