/** Endpoint protocols (spec 01 §9). */
export const ENDPOINT_PROTOCOLS = { 1: 'HTTP', 3: 'TCP' } as const;

/** An endpoint a device message slot can post to (spec 02 §3). */
export interface Endpoint {
  Id: string;
  CustomerId: number | null;
  Customer: string | null;
  Name: string;
  URL: string;
  /** 1 HTTP, 3 TCP. */
  Protocol: number;
}

/**
 * A settings profile (spec 03 §3): its settings are spread as SettingName → value text
 * (iButton, standbyMessageInterval, …) next to these fields.
 */
export interface SettingsProfile {
  Id: string;
  Name: string;
  CustomerId: number | null;
  Customer: string | null;
  /** 0: no firmware sync. */
  applicationVersion: number;
  message0: unknown;
  message1: unknown;
  message2: unknown;
  [setting: string]: unknown;
}
