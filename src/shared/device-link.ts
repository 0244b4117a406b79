import * as v from 'valibot';

/**
 * The device link: how trackers talk to the middleware (docs/device-protocol.md). Shared so the
 * server, the simulator and the benchmarks cannot drift.
 */
export const DEVICE_LINK_PATH = '/api/v1/devices';
/** The port of spec 03 §9's default message URL `{host}:5000/api/v1/devices`. */
export const DEFAULT_DEVICE_PORT = 5000;
/** Fallback identification for bodies that are not JSON (or carry no IMEI). */
export const DEVICE_IMEI_HEADER = 'x-imei';
export const DEVICE_IMEI_QUERY = 'imei';

/** What a device reports it applied (settings) and executed (modem requests) since its last answer. */
export interface DeviceAck {
  Settings?: number[];
  Requests?: number[];
}

/**
 * One device message. Telemetry fields are all optional; any other scalar field is kept in the
 * device state too, so newer firmware can add values without a server change.
 */
export interface DeviceMessage {
  IMEI: string;
  /** The device's clock, ISO 8601. */
  Timestamp?: string;
  Ignition?: 0 | 1;
  Lat?: number;
  Lon?: number;
  SatCount?: number;
  /** Odometer in kilometres. */
  Odo?: number;
  /** km/h. */
  Speed?: number;
  /** Degrees clockwise from north. */
  Heading?: number;
  VIN?: string;
  /** The driver key (iButton) presented; null when none is. */
  Ibutton?: string | null;
  IO1?: 0 | 1;
  Ack?: DeviceAck;
  [field: string]: unknown;
}

/**
 * Per-field checks of the telemetry the portal reads. A field that fails its check is left out of
 * the device state (the raw message keeps it), so one bad value cannot poison typed views.
 */
// Some firmware sends booleans; the state always holds 0 or 1.
const binary = v.pipe(
  v.union([v.picklist([0, 1]), v.boolean()]),
  v.transform((value) => (value === true || value === 1 ? 1 : 0)),
);
export const TELEMETRY_FIELDS = {
  Timestamp: v.pipe(v.string(), v.maxLength(40)),
  Ignition: binary,
  Lat: v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90)),
  Lon: v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180)),
  SatCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  Odo: v.pipe(v.number(), v.finite(), v.minValue(0)),
  Speed: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1000)),
  Heading: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(360)),
  VIN: v.pipe(v.string(), v.maxLength(32)),
  Ibutton: v.nullable(v.pipe(v.string(), v.maxLength(32))),
  IO1: binary,
} as const satisfies Record<string, v.GenericSchema>;

/** A pending setting as the device receives it. */
export const PendingSettingSchema = v.object({
  Id: v.number(),
  SettingName: v.string(),
  Value: v.string(),
});
export type PendingSetting = v.InferOutput<typeof PendingSettingSchema>;

/** A modem request not executed yet. */
export const PendingRequestSchema = v.object({
  Id: v.number(),
  Command: v.string(),
  CommandType: v.number(),
});
export type PendingRequest = v.InferOutput<typeof PendingRequestSchema>;

/** The 200 answer: the device's pending work, oldest first. */
export const DeviceLinkReplySchema = v.object({
  Settings: v.array(PendingSettingSchema),
  Requests: v.array(PendingRequestSchema),
});
export type DeviceLinkReply = v.InferOutput<typeof DeviceLinkReplySchema>;

/** `?imei=` fallback identification. */
export const DeviceLinkQuerySchema = v.object({
  [DEVICE_IMEI_QUERY]: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

/** Every non-200 answer. */
export const DeviceLinkErrorSchema = v.object({ message: v.string() });
