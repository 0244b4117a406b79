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
/** An IMEI as the link takes it: digits only (15 for real trackers; some test rigs use fewer). */
export const DEVICE_IMEI_PATTERN = /^\d{1,20}$/;

/**
 * Request authentication (docs/device-protocol.md): the device's Unix time in seconds, and
 * hex HMAC-SHA256 keyed with the device credential over `timestamp + "." + body bytes`.
 */
export const DEVICE_TIMESTAMP_HEADER = 'x-device-timestamp';
export const DEVICE_SIGNATURE_HEADER = 'x-device-signature';
/** A timestamp further than this from the server's clock is refused (replay window). */
export const DEVICE_CLOCK_WINDOW_SECONDS = 300;
/** The one answer to an unknown IMEI, a device without a credential and a wrong signature. */
export const DEVICE_REJECTED_MESSAGE = 'Unknown device or wrong credential';
/** In DATA_DIR: the demo fleet's credentials (IMEI → credential), written by the demo seed. */
export const DEMO_DEVICE_CREDENTIALS_FILE = 'demo-device-credentials.json';

/** What a device reports it applied (settings) and executed (modem requests) since its last answer. */
export interface DeviceAck {
  Settings?: number[];
  Requests?: number[];
  /** Settings it could not apply, with why (a library file's checksum, a refused image). */
  Failed?: { Id: number; Reason: string }[];
}

/**
 * One device message. Telemetry fields are all optional. Only the fields of TELEMETRY_FIELDS
 * reach the device state; any other field is kept in the stored raw message only, so a device
 * cannot grow its state (or the device page) without bound.
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
  /** CAN bus: vehicle speed (km/h), engine speed (rpm) and fuel level (%), when a CAN protocol runs. */
  CanSpeed?: number;
  EngineRpm?: number;
  FuelLevel?: number;
  /** Outputs 1–3 as switched (`0`/`1`). */
  Output1?: 0 | 1;
  Output2?: 0 | 1;
  Output3?: 0 | 1;
  /** The analog input when configured as a binary input (`0`/`1`). */
  BinaryInput?: 0 | 1;
  Ack?: DeviceAck;
  [field: string]: unknown;
}

/**
 * Text that PostgreSQL can store in jsonb: no NUL character, no lone UTF-16 surrogate (with the
 * `u` flag a proper surrogate pair is one code point and does not match).
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what is looked for
const UNSTORABLE_TEXT = /\u0000|\p{Cs}/u;
export const isStorableText = (text: string): boolean => !UNSTORABLE_TEXT.test(text);
const text = (max: number) =>
  v.pipe(v.string(), v.maxLength(max), v.check(isStorableText, 'Unstorable character'));

/**
 * Per-field checks of the telemetry the portal reads: the only fields kept in the device state.
 * A field that fails its check is left out of the state (the raw message keeps it), so one bad
 * value cannot poison typed views.
 */
// Some firmware sends booleans; the state always holds 0 or 1.
const binary = v.pipe(
  v.union([v.picklist([0, 1]), v.boolean()]),
  v.transform((value) => (value === true || value === 1 ? 1 : 0)),
);
export const TELEMETRY_FIELDS = {
  Timestamp: text(40),
  Ignition: binary,
  Lat: v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90)),
  Lon: v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180)),
  SatCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  // Ten million km: beyond any vehicle's life.
  Odo: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(10_000_000)),
  Speed: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1000)),
  Heading: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(360)),
  VIN: text(32),
  Ibutton: v.nullable(text(32)),
  IO1: binary,
  CanSpeed: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1000)),
  EngineRpm: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(20_000)),
  FuelLevel: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100)),
  Output1: binary,
  Output2: binary,
  Output3: binary,
  BinaryInput: binary,
} as const satisfies Record<string, v.GenericSchema>;

/**
 * Where a device fetches the file a library setting names (docs/device-protocol.md, "Library
 * files"): a path on the device port, the size and the SHA-256 to check it against.
 */
export const LibraryFileRefSchema = v.object({
  Url: v.string(),
  Size: v.number(),
  Sha256: v.string(),
});
export type LibraryFileRef = v.InferOutput<typeof LibraryFileRefSchema>;

/** A pending setting as the device receives it. */
export const PendingSettingSchema = v.object({
  Id: v.number(),
  SettingName: v.string(),
  Value: v.string(),
  /** For ProtocolCode, Firmware and BooterVersion: the file to load, when the library has it. */
  File: v.optional(LibraryFileRefSchema),
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

/** `POST devices/credential/{id}` (admins): the new credential, shown this once. */
export const DeviceCredentialSchema = v.object({
  IMEI: v.string(),
  /** 32 random bytes, base64url (43 characters); the HMAC key is this text. */
  Credential: v.string(),
});
export type DeviceCredential = v.InferOutput<typeof DeviceCredentialSchema>;

/**
 * Tachograph file uploads (docs/device-protocol.md, "Tachograph files"): the raw file bytes,
 * identified and signed like a message.
 */
export const DEVICE_FILES_PATH = `${DEVICE_LINK_PATH}/files`;

/** Library files (CAN configurations, firmware) devices fetch: `{path}/{fileId}`, GET, signed. */
export const DEVICE_LIBRARY_PATH = `${DEVICE_LINK_PATH}/library`;

/**
 * The settings that name a library file, and where it is looked up: the active QTLibrary entry
 * of the protocol code for the device's type, or its type's firmware of that version and flag
 * (2 application, 1 booter).
 */
export const LIBRARY_SETTINGS = {
  ProtocolCode: { library: 'can' },
  Firmware: { library: 'firmware', flag: 2 },
  BooterVersion: { library: 'firmware', flag: 1 },
} as const;
export const isLibrarySetting = (name: string): name is keyof typeof LIBRARY_SETTINGS =>
  Object.hasOwn(LIBRARY_SETTINGS, name);

/** `?imei=` as for messages; `?request=` the modem request's Id it answers; `?kind=` 1 VU, 2 card. */
export const DeviceFileQuerySchema = v.object({
  [DEVICE_IMEI_QUERY]: v.optional(v.pipe(v.string(), v.maxLength(64))),
  request: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'A modem request Id (digits)'))),
  kind: v.optional(v.picklist(['1', '2'], 'Either 1 (vehicle unit) or 2 (driver card)')),
});

/** The 200 answer to an upload: the stored record and its ValidState (spec 03 §4). */
export const DeviceFileReplySchema = v.object({
  FileId: v.number(),
  ValidState: v.number(),
});
export type DeviceFileReply = v.InferOutput<typeof DeviceFileReplySchema>;
