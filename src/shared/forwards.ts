import * as v from 'valibot';
import { ImeiSchema } from './device-requests';
import { idField, idParams } from './ids';

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

export const FORWARD_STATUS = { 0: 'Server Down', 1: 'Server Up & Running' } as const;

export interface MessageTypeEntry {
  MessageTypeId: number;
  MessageType: string;
}

export interface ForwardProtocol {
  ProtocolId: number;
  Protocol: string;
}

/** A forward (spec 02 §3). */
export interface Forward {
  Id: number;
  CustomerId: number | null;
  Customer: string | null;
  Name: string;
  IP: string;
  Port: number;
  Username: string | null;
  /** Secrets are write-only: SECRET_MASK when set, null when not (and always for Viewers). */
  Password: string | null;
  API_KEY: string | null;
  Auth: string | null;
  Status: number;
  Protocol: string | null;
  MessageTypes: MessageTypeEntry[];
  Protocols: ForwardProtocol[];
  /** Devices using the forward in any slot. */
  Amountdevices: number;
}

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
