import {
  DEVICE_TEST_SERVER_METHODS,
  TEST_RESULT,
  type TestItemKey,
  type TestProgress,
  type TestRawMessage,
} from '@shared/devices/device-tests';
import type { HubConnection } from '@server/hub/types';
import { evaluate, toTestItem, type EvaluatedItem } from './evaluation';
import { emptyObserved, observe, type Observed } from './observation';
import { planOf, type RunRow } from './runs-repository';
import { Verdicts, type Verdict } from './verdicts';

/** One running installation test (a run) of a device and the hub connections watching it. */
export class TestSession {
  observed: Observed = emptyObserved();
  readonly verdicts = new Verdicts();
  readonly plan: TestItemKey[];
  items: EvaluatedItem[];
  readonly connections = new Set<HubConnection>();
  /** running → finishing (result being stored) → ended; an ended session takes nothing more. */
  phase: 'running' | 'finishing' | 'ended' = 'running';
  /** The newest raw message taken, so a replay and live messages never count one twice. */
  lastMessageId = 0;

  constructor(readonly run: RunRow) {
    this.plan = planOf(run);
    this.items = evaluate(this.plan, this.observed, this.verdicts);
  }

  get imei(): string {
    return this.run.imei;
  }

  /** Takes a stored device message (once: by its raw message id); false when taken before. */
  take(id: number, at: Date, data: Record<string, unknown> | null): boolean {
    if (id <= this.lastMessageId) return false;
    this.lastMessageId = id;
    this.observed = observe(this.observed, at, data);
    return true;
  }

  addVerdicts(verdicts: readonly Verdict[]): void {
    for (const verdict of verdicts) this.verdicts.add(verdict);
  }

  reevaluate(): void {
    this.items = evaluate(this.plan, this.observed, this.verdicts);
  }

  progress(result: { resultId: number; passed: boolean } | null = null): TestProgress {
    return {
      IMEI: this.imei,
      Items: this.items.map(toTestItem),
      Finished: result !== null,
      TestResult: result === null ? null : result.passed ? TEST_RESULT.ok : TEST_RESULT.failed,
      ResultId: result?.resultId ?? null,
    };
  }

  broadcast(target: string, payload: unknown): void {
    for (const connection of this.connections) {
      if (!connection.closed) connection.send(target, payload);
    }
  }

  sendList(to: Iterable<HubConnection> = this.connections): void {
    const items = this.items.map(toTestItem);
    for (const connection of to) {
      if (!connection.closed) connection.send(DEVICE_TEST_SERVER_METHODS.receiveTestList, items);
    }
  }

  sendProgress(result: { resultId: number; passed: boolean } | null = null): void {
    this.broadcast(DEVICE_TEST_SERVER_METHODS.receiveTestProgress, this.progress(result));
  }

  sendRaw(message: TestRawMessage): void {
    this.broadcast(DEVICE_TEST_SERVER_METHODS.receiveRawMessage, message);
  }

  /** Ends the session and every connection on it. */
  end(error?: string): void {
    this.phase = 'ended';
    const connections = [...this.connections];
    this.connections.clear();
    for (const connection of connections) if (!connection.closed) connection.close(error);
  }
}
