/** What a simulator run did so far; all counts since start. */
export interface SimulatorCounters {
  /** Messages posted (including cut-off ones). */
  sent: number;
  /** Answered 200: the server stored them. */
  acknowledged: number;
  /** Any other answer, a timeout or a network error. */
  failed: number;
  invalidSent: number;
  byStatus: Record<number, number>;
  settingsApplied: number;
  settingsAcknowledged: number;
  /** Settings reported failed (a library file that did not check out, or was refused). */
  settingsFailed: number;
  /** Library files downloaded and checked (size, SHA-256). */
  libraryFilesFetched: number;
  requestsExecuted: number;
  requestsAcknowledged: number;
  /** Tachograph files uploaded for remote download requests (answered 200). */
  filesUploaded: number;
  /** Uploads that failed (retried up to three times, then the request is acknowledged anyway). */
  filesFailed: number;
}

export const emptyCounters = (): SimulatorCounters => ({
  sent: 0,
  acknowledged: 0,
  failed: 0,
  invalidSent: 0,
  byStatus: {},
  settingsApplied: 0,
  settingsAcknowledged: 0,
  settingsFailed: 0,
  libraryFilesFetched: 0,
  requestsExecuted: 0,
  requestsAcknowledged: 0,
  filesUploaded: 0,
  filesFailed: 0,
});
