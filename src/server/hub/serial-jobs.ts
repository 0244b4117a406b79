/**
 * Jobs run one after the other, in the order given (a hub connection's invocations, as in
 * ASP.NET by default). A job answers its own errors; one that still throws does not stop the
 * jobs after it.
 */
export class SerialJobs {
  private tail: Promise<void> | null = null;

  add(job: () => Promise<void>): void {
    const run = (this.tail ?? Promise.resolve()).then(job).catch(() => undefined);
    this.tail = run;
    void run.finally(() => {
      if (this.tail === run) this.tail = null;
    });
  }
}
