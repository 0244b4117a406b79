/** Checks a decoded message's fields; JSON objects and MessagePack arrays are mapped to these. */
import { MessageType, ProtocolError, type HubMessage } from './messages';

/** The fields as read from the wire, before checking. */
export interface RawFields {
  type: unknown;
  invocationId?: unknown;
  target?: unknown;
  arguments?: unknown;
  streamIds?: unknown;
  result?: unknown;
  error?: unknown;
  allowReconnect?: unknown;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const optional = (value: unknown): boolean => value === undefined || value === null;

function invocationId(fields: RawFields, required: boolean): string | undefined {
  if (isString(fields.invocationId)) return fields.invocationId;
  if (!required && optional(fields.invocationId)) return undefined;
  throw new ProtocolError(`Missing required property 'invocationId'.`);
}

/** Returns the message, or null for a type this server does not know (ignored, as in ASP.NET). */
export function toHubMessage(fields: RawFields): HubMessage | null {
  const type = fields.type;
  if (typeof type !== 'number' || !Number.isInteger(type)) {
    throw new ProtocolError(`Missing required property 'type'.`);
  }
  switch (type) {
    case MessageType.Invocation: {
      if (!isString(fields.target)) throw new ProtocolError(`Missing required property 'target'.`);
      if (!Array.isArray(fields.arguments)) {
        throw new ProtocolError(`Missing required property 'arguments'.`);
      }
      const streamIds = fields.streamIds;
      if (!optional(streamIds) && !(Array.isArray(streamIds) && streamIds.every(isString))) {
        throw new ProtocolError(`Invalid property 'streamIds'.`);
      }
      return {
        type,
        invocationId: invocationId(fields, false),
        target: fields.target,
        arguments: fields.arguments as unknown[],
        streamIds: (streamIds as string[] | null | undefined) ?? undefined,
      };
    }
    case MessageType.StreamItem:
    case MessageType.StreamInvocation:
    case MessageType.CancelInvocation:
      return { type, invocationId: invocationId(fields, true) as string };
    case MessageType.Completion:
      return { type, invocationId: invocationId(fields, true) as string, result: fields.result };
    case MessageType.Ping:
      return { type };
    case MessageType.Close:
      return {
        type,
        error: isString(fields.error) ? fields.error : undefined,
        allowReconnect: fields.allowReconnect === true,
      };
    default:
      return null;
  }
}
