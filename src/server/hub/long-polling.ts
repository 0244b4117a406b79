/**
 * The long-polling transport: GET polls are held until there is data (or `pollHoldMs`), POST
 * carries client messages, DELETE ends the connection. Outgoing data waits in a bounded queue.
 */
import type { FastifyReply } from 'fastify';
import type { HubLimits } from './limits';
import type { Transport } from './transport';

export class LongPollingTransport implements Transport {
  readonly kind = 'LongPolling';
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private poll: { reply: FastifyReply; since: number } | null = null;
  private ended = false;
  private flushScheduled = false;
  /** A POST is being processed: a second one at the same time is refused (409). */
  sending = false;

  constructor(private readonly limits: HubLimits) {}

  get lingering(): boolean {
    return this.queue.length > 0;
  }

  write(frame: string | Buffer): boolean {
    const bytes = typeof frame === 'string' ? Buffer.from(frame) : frame;
    if (this.queuedBytes + bytes.length > this.limits.maxBufferedBytes) {
      // The client fell behind: what it has not fetched is dropped, room is left for the Close.
      this.queue = [];
      this.queuedBytes = 0;
      return false;
    }
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
    this.scheduleFlush();
    return true;
  }

  end(): void {
    this.ended = true;
    this.scheduleFlush();
  }

  /** The client stopped (DELETE): nothing more is delivered, a held poll ends with 204. */
  abort(): void {
    this.queue = [];
    this.queuedBytes = 0;
    this.end();
  }

  /**
   * A new poll. An older held one is superseded with 204 (the spec's "reconnection"). Answers at
   * once with queued data, with 204 once ended and drained; otherwise holds it. True when this
   * poll delivered the last data of an ended transport.
   */
  take(reply: FastifyReply): boolean {
    this.poll?.reply.code(204).send();
    this.poll = { reply, since: Date.now() };
    reply.raw.once('close', () => {
      if (this.poll?.reply === reply) this.poll = null;
    });
    if (this.queue.length > 0 || this.ended) this.flush();
    return this.ended && this.queue.length === 0;
  }

  tick(now: number): void {
    if (this.poll && now - this.poll.since >= this.limits.pollHoldMs) {
      this.poll.reply.code(200).send();
      this.poll = null;
    }
  }

  /** Batches what is written in the same turn of the event loop into one poll answer. */
  private scheduleFlush(): void {
    if (!this.poll || this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const poll = this.poll;
    if (!poll) return;
    this.poll = null;
    if (this.queue.length === 0) {
      // Ended with nothing left to deliver: the poll says the server closed the connection.
      poll.reply.code(this.ended ? 204 : 200).send();
      return;
    }
    const body = this.queue.length === 1 ? this.queue[0] : Buffer.concat(this.queue);
    this.queue = [];
    this.queuedBytes = 0;
    // Framed hub messages, text or binary; the client reads them by its own transfer format.
    poll.reply.code(200).type('application/octet-stream').send(body);
  }
}
