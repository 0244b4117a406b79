/** Why a simulated device's request failed, said in one line (the CLI prints it). */

/** An answer other than the expected one: its status and what the server said. */
export class DeviceLinkStatusError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    const said = serverMessage(body);
    super(`HTTP ${String(status)}${said ? `: ${said}` : ''}`);
    this.name = 'DeviceLinkStatusError';
  }
}

const MAX_TEXT = 200;

/** The link's `{ message }` or `{ errors }`, else the start of the text. */
function serverMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
    if (parsed.errors && typeof parsed.errors === 'object')
      return Object.values(parsed.errors as Record<string, unknown>).join('; ');
  } catch {
    // not JSON: the text itself
  }
  return body.trim().slice(0, MAX_TEXT);
}

const field = (value: unknown, key: 'code' | 'message' | 'name'): string => {
  const found = (value as Record<string, unknown> | null | undefined)?.[key];
  return typeof found === 'string' ? found : '';
};

/**
 * The status and the server's message, or the network error with its code: fetch only says
 * 'fetch failed' and keeps the reason (`connect ECONNREFUSED 127.0.0.1:5000`) in its cause.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof DeviceLinkStatusError) return error.message;
  if (field(error, 'name') === 'TimeoutError') return 'no answer in time (timed out)';
  const cause = (error as { cause?: unknown } | null)?.cause;
  const code = field(cause, 'code') || field(error, 'code');
  const text = field(cause, 'message') || field(error, 'message') || String(error);
  if (!code || text.includes(code)) return text;
  return `${code}${text ? ` (${text})` : ''}`;
}
