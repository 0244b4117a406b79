import * as v from 'valibot';
import { ImeiSchema } from '@shared/devices/device-requests';
import { idField, idParams } from '@shared/api/ids';
import { listPageSchema } from '@shared/api/list-resource';
import { SERVER_STATUS } from '@shared/api/server-status';
import { FORWARD_PAGE_SIZE } from './forwards-list';

/** Message types a forward can carry, in the order of a device's forward slots. */
export const MESSAGE_TYPES = ['TD', 'RT', 'TC', 'TL'] as const;
export type MessageTypeName = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_TYPE_LABELS: Record<MessageTypeName, string> = {
  RT: 'Tracking',
  TD: 'TripData',
  TL: 'TachoLive',
  TC: 'RDL',
};

/** The protocol of an unassigned forward slot (spec 01 §4). */
export const NO_FORWARD_PROTOCOL = 'non';

/**
 * What the API answers for a forward secret (password, API key, authorization) that is set: the
 * value itself is write-only, and Viewers receive null instead.
 */
export const SECRET_MASK = '••••••••';

/** 0 Server Down, 1 Server Up & Running (spec 02 §3). */
export const FORWARD_STATUS = SERVER_STATUS;

export const MessageTypeEntrySchema = v.object({
  MessageTypeId: v.number(),
  MessageType: v.string(),
});
export type MessageTypeEntry = v.InferOutput<typeof MessageTypeEntrySchema>;

export const ForwardProtocolSchema = v.object({ ProtocolId: v.number(), Protocol: v.string() });
export type ForwardProtocol = v.InferOutput<typeof ForwardProtocolSchema>;

/** Secrets are write-only: SECRET_MASK when set, null when not (and always for Viewers). */
const secretShown = v.pipe(
  v.nullable(v.string()),
  v.description(`Write-only: "${SECRET_MASK}" when set, null when not (always null for Viewers)`),
);

/** A forward (spec 02 §3). */
export const ForwardSchema = v.object({
  Id: v.number(),
  CustomerId: v.nullable(v.number()),
  Customer: v.nullable(v.string()),
  Name: v.string(),
  /** An IP address or host name (the Azure IoT hub's host name for an integration). */
  IP: v.string(),
  Port: v.number(),
  Username: v.nullable(v.string()),
  Password: secretShown,
  API_KEY: secretShown,
  Auth: secretShown,
  /** 0 Server Down, 1 Server Up & Running. */
  Status: v.number(),
  Protocol: v.nullable(v.string()),
  MessageTypes: v.array(MessageTypeEntrySchema),
  Protocols: v.array(ForwardProtocolSchema),
  /** Devices using the forward in any slot. */
  Amountdevices: v.number(),
  /** 0 a forward, 2 the Azure IoT hub integration (INTEGRATION_TYPES). */
  IntegrationType: v.number(),
});
export type Forward = v.InferOutput<typeof ForwardSchema>;
export const ForwardListSchema = v.array(ForwardSchema);

/** One message-type slot of a device; Protocol 'non' and Id 0 when nothing is assigned. */
export interface DeviceForward {
  /** The assignment's id (for DELETE devices/forwards/{id}); 0 for an empty slot. */
  Id: number;
  IMEI: string;
  MessageType: MessageTypeName;
  MessageTypeId: number;
  ForwardId: number | null;
  Protocol: string;
  Name: string | null;
  IP: string | null;
  Port: number | null;
  Username: string | null;
  /** Write-only like the forward's: SECRET_MASK when set, null when not (and for Viewers). */
  Password: string | null;
  API_KEY: string | null;
  Authorization: string | null;
  Status: number | null;
}

const MESSAGE_TYPE_MESSAGE = `MessageType must be one of ${MESSAGE_TYPES.join(', ')}`;

/** `POST|PUT devices/forwards/`: the chosen forward for one message type of a device. */
export const DeviceForwardSchema = v.object({
  IMEI: ImeiSchema,
  // Missing fields read as empty so they get the field's own message.
  MessageType: v.pipe(
    v.optional(v.string(MESSAGE_TYPE_MESSAGE), ''),
    v.picklist(MESSAGE_TYPES, MESSAGE_TYPE_MESSAGE),
  ),
  ForwardId: idField('forward', 'Choose a forward'),
});
export type DeviceForwardInput = v.InferOutput<typeof DeviceForwardSchema>;

export const ForwardIdParamsSchema = idParams('id', 'forward');

/** A page of the forwards list (`forwards/`, `…/chunk/{lastId}`, searches, customer lists). */
export const ForwardPageSchema = listPageSchema(ForwardSchema, {
  base: 'forwards',
  pageSize: FORWARD_PAGE_SIZE,
  noun: 'forwards',
});
