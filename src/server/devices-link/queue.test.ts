import { describe, expect, it } from 'vitest';
import { HttpError } from '@server/errors/http-errors';
import { IngestQueue } from './queue';

interface Item {
  key: string;
  n: number;
}

/** A writer that records its batches and finishes each when told to. */
const tick = () => new Promise((r) => setImmediate(r));

function controlledWriter() {
  const batches: Item[][] = [];
  const finishers: ((fail?: Error) => void)[] = [];
  const write = (items: Item[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push(items);
      finishers.push((fail) => {
        if (fail) reject(fail);
        else resolve(items.map((i) => i.n * 10));
      });
    });
  const finish = async (index: number, fail?: Error) => {
    finishers[index]?.(fail);
    // The queue schedules its next batch on an immediate of its own once the write settled.
    await tick();
    await tick();
  };
  return { batches, write, finish, tick };
}

const submitAll = (queue: IngestQueue<Item, number>, items: Item[]) =>
  items.map((item) => queue.submit(item.key, item));
const fireAll = (queue: IngestQueue<Item, number>, items: Item[]) =>
  void Promise.allSettled(submitAll(queue, items));

describe('IngestQueue', () => {
  it('writes messages that arrive together in one batch and answers each after it', async () => {
    const w = controlledWriter();
    const queue = new IngestQueue(w.write);
    const answers = submitAll(queue, [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'a', n: 3 },
    ]);
    await w.tick();
    expect(w.batches).toEqual([
      [
        { key: 'a', n: 1 },
        { key: 'b', n: 2 },
        { key: 'a', n: 3 },
      ],
    ]);
    let answered = false;
    void Promise.all(answers).then(() => (answered = true));
    await w.tick();
    expect(answered).toBe(false);
    await w.finish(0);
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it('collects what arrives during a write into the next batch', async () => {
    const w = controlledWriter();
    const queue = new IngestQueue(w.write);
    const first = submitAll(queue, [{ key: 'a', n: 1 }]);
    await w.tick();
    const later = submitAll(queue, [
      { key: 'b', n: 2 },
      { key: 'c', n: 3 },
    ]);
    await w.tick();
    expect(w.batches).toHaveLength(1);
    await w.finish(0);
    expect(w.batches[1]?.map((i) => i.n)).toEqual([2, 3]);
    await w.finish(1);
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30]);
    expect(queue.stats).toMatchObject({ batches: 2, messages: 3, largestBatch: 2 });
  });

  it('keeps a device out of concurrent batches and its messages in order', async () => {
    const w = controlledWriter();
    const queue = new IngestQueue(w.write, { concurrency: 2, maxBatch: 2 });
    fireAll(queue, [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
    ]);
    await w.tick();
    fireAll(queue, [
      { key: 'a', n: 3 },
      { key: 'c', n: 4 },
      { key: 'a', n: 5 },
    ]);
    await w.tick();
    // 'a' is being written: the second batch takes 'c' only, 'a' waits in order.
    expect(w.batches.map((b) => b.map((i) => i.n))).toEqual([[1, 2], [4]]);
    await w.finish(0);
    expect(w.batches[2]?.map((i) => i.n)).toEqual([3, 5]);
  });

  it('leaves a key behind as a whole when the batch is full', async () => {
    const w = controlledWriter();
    const queue = new IngestQueue(w.write, { maxBatch: 2 });
    fireAll(queue, [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'c', n: 3 },
      { key: 'b', n: 4 },
    ]);
    await w.tick();
    expect(w.batches[0]?.map((i) => i.n)).toEqual([1, 2]);
    await w.finish(0);
    expect(w.batches[1]?.map((i) => i.n)).toEqual([3, 4]);
  });

  it('fails every message of a failed batch and goes on with the next', async () => {
    const w = controlledWriter();
    const queue = new IngestQueue(w.write);
    const answers = submitAll(queue, [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
    ]).map((p) => p.catch((error: unknown) => (error as Error).message));
    await w.tick();
    await w.finish(0, new Error('disk full'));
    expect(await Promise.all(answers)).toEqual(['disk full', 'disk full']);
    const next = queue.submit('a', { key: 'a', n: 3 });
    await w.tick();
    await w.finish(1);
    expect(await next).toBe(30);
    expect(queue.stats.failedBatches).toBe(1);
  });

  it('turns messages away with 503 when too many wait, and after close', async () => {
    const w = controlledWriter();
    const queue = new IngestQueue(w.write, { maxPending: 1 });
    const kept = queue.submit('a', { key: 'a', n: 1 });
    await expect(queue.submit('b', { key: 'b', n: 2 })).rejects.toMatchObject({ statusCode: 503 });
    await w.tick();
    const closed = queue.close();
    await expect(queue.submit('c', { key: 'c', n: 3 })).rejects.toBeInstanceOf(HttpError);
    let done = false;
    void closed.then(() => (done = true));
    await w.tick();
    expect(done).toBe(false);
    await w.finish(0);
    await closed;
    expect(await kept).toBe(10);
  });

  it('waits windowMs for company when asked to', async () => {
    const w = controlledWriter();
    const queue = new IngestQueue(w.write, { windowMs: 20 });
    void queue.submit('a', { key: 'a', n: 1 });
    await w.tick();
    expect(w.batches).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 40));
    expect(w.batches).toHaveLength(1);
  });
});
