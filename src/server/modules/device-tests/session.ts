import {
  DEVICE_TEST_SERVER_METHODS,
  TEST_RESULT,
  type TestItem,
  type TestItemKey,
  type TestProgress,
  type TestRawMessage,
} from '@shared/devices/device-tests';
import type { HubConnection } from '@server/hub/types';
import { emptyObserved, evaluate, type Confirmation, type Observed } from './evaluation';
import type { SettingsRow } from './repository';

/** One running installation test of a device and the connections watching it. */
export class TestSession {
  observed: Observed = emptyObserved();
  readonly confirmations = new Map<TestItemKey, Confirmation>();
  items: TestItem[] = evaluate(this.observed, this.confirmations);
  readonly connections = new Set<HubConnection>();
  /** running → finishing (result being stored) → ended; an ended session takes nothing more. */
  phase: 'running' | 'finishing' | 'ended' = 'running';
  /** Counts restarts, so a result stored for an earlier run does not end the current one. */
  run = 0;

  constructor(
    readonly imei: string,
    public settings: SettingsRow,
  ) {}

  /** Forgets everything observed and confirmed: setactive on a running test. */
  restart(settings: SettingsRow): void {
    this.settings = settings;
    this.observed = emptyObserved();
    this.confirmations.clear();
    this.reevaluate();
    this.phase = 'running';
    this.run++;
  }

  reevaluate(): void {
    this.items = evaluate(this.observed, this.confirmations);
  }

  progress(result: { resultId: number; passed: boolean } | null = null): TestProgress {
    return {
      IMEI: this.imei,
      Items: this.items,
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
    for (const connection of to) {
      if (!connection.closed)
        connection.send(DEVICE_TEST_SERVER_METHODS.receiveTestList, this.items);
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
