import type { Socket } from 'node:net';
import { describeNetworkError } from './connector';
import { DeliveryError } from './types';

/**
 * One Wialon IPS connection (one unit): writes a packet, then waits for its answer line within
 * the answer timeout, skipping packets it did not ask for (a server may send commands).
 */

/** Answers are a few bytes: a longer line, or many unasked-for packets, is not a Wialon server. */
const MAX_LINE = 1024;
const MAX_PENDING_LINES = 100;

/** The connection failed under us (not an answer): worth one retry on a fresh connection. */
export class ConnectionLost extends Error {}

/** One device's connection: writes a packet, waits for its answer line. */
export class Session {
  private buffer = '';
  private lines: string[] = [];
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly answerTimeoutMs: number,
  ) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.read(chunk);
    });
    socket.on('error', (error) => {
      this.fail(new ConnectionLost(describeNetworkError(error)));
    });
    socket.on('close', () => {
      this.fail(new ConnectionLost('the server closed the connection'));
    });
  }

  get alive() {
    return this.failure === null;
  }

  private read(chunk: string) {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\r\n'); end >= 0; end = this.buffer.indexOf('\r\n')) {
      this.lines.push(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 2);
    }
    if (this.buffer.length > MAX_LINE || this.lines.length > MAX_PENDING_LINES) {
      this.fail(new DeliveryError('The Wialon server sent more than an answer'));
    }
    this.wake?.();
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.socket.destroy();
    this.wake?.();
  }

  /** Sends `packet` and resolves with the text of the next `#type#…` answer (others skipped). */
  exchange(packet: string, type: string): Promise<string> {
    clearTimeout(this.idle);
    if (this.failure) return Promise.reject(this.failure);
    this.lines = [];
    this.socket.write(packet);
    const prefix = `#${type}#`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const seconds = String(this.answerTimeoutMs / 1000);
        this.fail(new DeliveryError(`No #${type}# answer within ${seconds} s`));
      }, this.answerTimeoutMs);
      this.wake = () => {
        const line = this.lines.find((candidate) => candidate.startsWith(prefix));
        if (line === undefined && this.failure === null) return;
        clearTimeout(timer);
        this.wake = null;
        if (line !== undefined) resolve(line.slice(prefix.length));
        else reject(this.failure ?? new Error('unreachable'));
      };
      this.wake();
    });
  }

  /** Closes the connection after `ms` without an exchange. */
  idleFor(ms: number, onClose: () => void) {
    this.idle = setTimeout(() => {
      this.close();
      onClose();
    }, ms);
    this.idle.unref();
  }

  close() {
    clearTimeout(this.idle);
    this.socket.end();
    this.fail(new ConnectionLost('closed'));
  }
}
