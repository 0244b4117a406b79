/** A stored device message (spec 01 §3); lists come newest first in batches of 50. */
export interface RawMessage {
  Id: number;
  /** ISO timestamp of arrival at the server. */
  TimeStampServer: string;
  ValidJson: boolean;
  Message: string;
}
