/** The shape every benchmark reports, so run.ts can print one summary table and one JSON file. */

export interface Goal {
  op: '<=' | '>=';
  limit: number;
}

export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** Absent for informational numbers (load times, throughput). */
  goal?: Goal;
  /**
   * A budget, not a speed goal: the number does not depend on the machine's load, so missing it
   * fails the whole run (exit code 1), as a failing benchmark does.
   */
  budget?: true;
}

/** The budgets a run missed (they fail it). */
export const missedBudgets = (results: readonly BenchResult[]): Metric[] =>
  results.flatMap((r) => (r.metrics ?? []).filter((m) => m.budget && meetsGoal(m) === false));

/** What a benchmark module returns; `details` goes to the JSON file as is. */
export interface Outcome {
  metrics: Metric[];
  details: unknown;
}

export interface BenchResult extends Partial<Outcome> {
  name: string;
  ok: boolean;
  seconds: number;
  /** 1-minute load average before and after: above the core count, other work skewed the numbers. */
  loadAverage: { before: number; after: number };
  error?: string;
}

export const atMost = (limit: number): Goal => ({ op: '<=', limit });
export const atLeast = (limit: number): Goal => ({ op: '>=', limit });

/** True/false against the goal; undefined when the metric has none. */
export function meetsGoal(metric: Metric): boolean | undefined {
  if (!metric.goal || Number.isNaN(metric.value)) return metric.goal ? false : undefined;
  return metric.goal.op === '<='
    ? metric.value <= metric.goal.limit
    : metric.value >= metric.goal.limit;
}

/** Prints a titled result block as each benchmark finishes. */
export function printBlock(title: string, lines: readonly string[]): void {
  console.log(`\n== ${title} ==\n${lines.join('\n')}`);
}
