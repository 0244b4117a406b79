import { HttpError } from '@server/errors/http-errors';

export interface QueueOptions {
  /** Most messages written in one transaction. */
  maxBatch?: number;
  /** Batches written at the same time (1 on PGlite's single connection). */
  concurrency?: number;
  /**
   * How long the first message of a batch waits for company, in ms. 0 (default) flushes on the
   * next turn of the event loop; under load batches still grow while earlier ones commit.
   */
  windowMs?: number;
  /** Messages waiting beyond this are turned away with 503 instead of queueing without bound. */
  maxPending?: number;
}

export interface QueueStats {
  batches: number;
  messages: number;
  largestBatch: number;
  failedBatches: number;
  pending: number;
  inFlight: number;
}

/** Writes a batch; one result per item, in order. A rejection fails the whole batch. */
export type BatchWriter<T, R> = (items: T[]) => Promise<R[]>;

interface Waiting<T, R> {
  item: T;
  key: string;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: messages that arrive while a batch is being written are collected and written
 * together in the next one, so the cost of a commit is shared by all of them. Every caller is
 * answered only after its batch's transaction settled.
 *
 * Items with the same key (the device) are never in two batches at once and always keep their
 * order, so concurrent batches cannot reorder or deadlock on one device's rows.
 */
export class IngestQueue<T, R> {
  readonly #write: BatchWriter<T, R>;
  readonly #maxBatch: number;
  readonly #concurrency: number;
  readonly #windowMs: number;
  readonly #maxPending: number;
  #pending: Waiting<T, R>[] = [];
  readonly #busyKeys = new Set<string>();
  #inFlight = 0;
  #scheduled = false;
  #closed = false;
  #idle: (() => void)[] = [];
  readonly #stats = { batches: 0, messages: 0, largestBatch: 0, failedBatches: 0 };

  constructor(write: BatchWriter<T, R>, options: QueueOptions = {}) {
    this.#write = write;
    this.#maxBatch = Math.max(1, options.maxBatch ?? 500);
    this.#concurrency = Math.max(1, options.concurrency ?? 1);
    this.#windowMs = Math.max(0, options.windowMs ?? 0);
    this.#maxPending = Math.max(1, options.maxPending ?? 20_000);
  }

  get stats(): QueueStats {
    return { ...this.#stats, pending: this.#pending.length, inFlight: this.#inFlight };
  }

  /** Resolves with the item's result once its batch committed; rejects when it failed. */
  submit(key: string, item: T): Promise<R> {
    if (this.#closed) return Promise.reject(new HttpError(503, 'The server is shutting down'));
    if (this.#pending.length >= this.#maxPending) {
      return Promise.reject(new HttpError(503, 'Too many messages waiting; retry shortly'));
    }
    return new Promise<R>((resolve, reject) => {
      this.#pending.push({ item, key, resolve, reject });
      this.#schedule();
    });
  }

  /** Stops taking messages and resolves once everything already taken is written. */
  close(): Promise<void> {
    this.#closed = true;
    return this.drained();
  }

  /** Resolves the next time nothing is waiting or being written. */
  drained(): Promise<void> {
    if (this.#pending.length === 0 && this.#inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.#concurrency || this.#pending.length === 0)
      return;
    this.#scheduled = true;
    const flush = () => {
      this.#scheduled = false;
      this.#flush();
    };
    if (this.#windowMs > 0) setTimeout(flush, this.#windowMs);
    else setImmediate(flush);
  }

  #flush(): void {
    while (this.#inFlight < this.#concurrency) {
      const batch = this.#take();
      if (batch.length === 0) break;
      this.#inFlight++;
      void this.#run(batch);
    }
    this.#checkIdle();
  }

  /** The next batch: oldest first, skipping (and keeping behind) keys already being written. */
  #take(): Waiting<T, R>[] {
    const batch: Waiting<T, R>[] = [];
    const kept: Waiting<T, R>[] = [];
    const blocked = new Set(this.#busyKeys);
    for (const waiting of this.#pending) {
      if (batch.length < this.#maxBatch && !blocked.has(waiting.key)) batch.push(waiting);
      else {
        // A key left behind once stays behind for this batch, so its order is kept.
        blocked.add(waiting.key);
        kept.push(waiting);
      }
    }
    this.#pending = kept;
    for (const waiting of batch) this.#busyKeys.add(waiting.key);
    return batch;
  }

  async #run(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.#write(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        w.resolve(results[i] as R);
      });
      this.#stats.batches++;
      this.#stats.messages += batch.length;
      this.#stats.largestBatch = Math.max(this.#stats.largestBatch, batch.length);
    } catch (error) {
      this.#stats.failedBatches++;
      for (const w of batch) w.reject(error);
    } finally {
      for (const w of batch) this.#busyKeys.delete(w.key);
      this.#inFlight--;
      this.#schedule();
      this.#checkIdle();
    }
  }

  #checkIdle(): void {
    if (this.#pending.length || this.#inFlight || this.#idle.length === 0) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }
}
