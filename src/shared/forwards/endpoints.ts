import * as v from 'valibot';
import { isStorableText } from '@shared/devices/device-link';
import { idField, idParams } from '@shared/api/ids';
import { isPort } from '@shared/api/server-status';
import {
  ENDPOINT_PAGE_SIZE,
  HTTP_PROTOCOL,
  TCP_PROTOCOL,
  type EndpointProtocol,
} from './endpoints-list';
import { listPageSchema } from '@shared/api/list-resource';
import {
  NAME_MAX_LENGTH,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  NAME_TOO_SHORT,
} from '@shared/access/names';

export * from './endpoints-list';

/** An endpoint a device message slot can post to (spec 02 §3). */
export const EndpointSchema = v.object({
  Id: v.string(),
  /** Null: the provider's, shared with every customer (only admins change it). */
  CustomerId: v.nullable(v.number()),
  Customer: v.nullable(v.string()),
  Name: v.string(),
  URL: v.string(),
  /** 1 HTTP, 3 TCP. */
  Protocol: v.number(),
  Devices: v.pipe(
    v.number(),
    v.description(
      'Devices in the caller’s scope whose applied or pending configuration uses it (any slot)',
    ),
  ),
});
export type Endpoint = v.InferOutput<typeof EndpointSchema>;

export const EndpointPageSchema = listPageSchema(EndpointSchema, {
  base: 'endpoints',
  pageSize: ENDPOINT_PAGE_SIZE,
  noun: 'endpoints',
});

/** `endpoints/{id}`. */
export const EndpointIdParamsSchema = idParams('id', 'endpoint');

// Spec 02 §5 quotes 'No Customer selected' and the name rule's wording; the others are ours.
export const ENDPOINT_NOT_FOUND = 'Endpoint not found';
export const SHARED_ENDPOINT_ADMINS_ONLY = 'Only admins may change a shared endpoint';
export const CUSTOMER_REQUIRED = 'No Customer selected';
export const URL_REQUIRED = 'URL is required';
export const URL_MAX_LENGTH = 500;
export const URL_TOO_LONG = `URL must be ${URL_MAX_LENGTH} characters or less`;
export const HTTP_URL_INVALID = 'URL must be an http:// or https:// address';
export const TCP_URL_INVALID = 'URL must be tcp://host:port (port 1 to 65535)';
export const PROTOCOL_INVALID = 'Protocol must be 1 (HTTP) or 3 (TCP)';
export const UNSTORABLE = 'Contains a character that cannot be stored';

const HOST_LABEL = '[a-z\\d](?:[a-z\\d-]{0,61}[a-z\\d])?';
/** `tcp://` a host name, IPv4 address or bracketed IPv6 address, `:` a port, nothing else. */
const TCP_URL = new RegExp(
  `^tcp://(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*|\\[[\\da-f:.]+\\]):(\\d{1,5})$`,
  'i',
);

/** HTTP: an absolute http(s) URL with a host; TCP: `tcp://host:port`. */
export function isEndpointUrl(url: string, protocol: number): boolean {
  if (protocol === TCP_PROTOCOL) {
    const port = Number(TCP_URL.exec(url)?.[1] ?? 0);
    return isPort(port);
  }
  if (/\s/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

const text = (field: string, required: string, max: number, tooLong: string) =>
  v.pipe(
    // A missing text reads as empty so it gets the 'required' message.
    v.optional(v.string(`${field} must be text`), ''),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, tooLong),
    v.check(isStorableText, UNSTORABLE),
  );

const fields = {
  Name: v.pipe(
    text('Name', NAME_REQUIRED, NAME_MAX_LENGTH, NAME_TOO_LONG),
    v.minLength(3, NAME_TOO_SHORT),
  ),
  URL: text('URL', URL_REQUIRED, URL_MAX_LENGTH, URL_TOO_LONG),
  // A missing protocol reads as 0 so it gets the field's message.
  Protocol: v.pipe(
    v.optional(v.number(PROTOCOL_INVALID), 0),
    v.check(
      (p): p is EndpointProtocol => p === HTTP_PROTOCOL || p === TCP_PROTOCOL,
      PROTOCOL_INVALID,
    ),
    v.transform((p) => p as EndpointProtocol),
  ),
};

/** The URL must fit the protocol; reported on URL, once URL and Protocol are valid each. */
const URL_FITS_PROTOCOL = [['URL'], ['Protocol']] as const;
const urlFits = (input: { URL: string; Protocol: number }) =>
  isEndpointUrl(input.URL, input.Protocol);
const urlMessage = (issue: v.BaseIssue<unknown>) =>
  (issue.input as { Protocol?: unknown }).Protocol === TCP_PROTOCOL
    ? TCP_URL_INVALID
    : HTTP_URL_INVALID;

const EXAMPLE = {
  CustomerId: 1,
  Name: 'Fleet ingest',
  URL: 'https://ingest.example.com/api/messages',
  Protocol: HTTP_PROTOCOL,
};

/** `POST endpoints/`: spec 02 §5 (customer required, name ≥ 3, a URL for the protocol). */
export const EndpointCreateSchema = v.pipe(
  v.object({ CustomerId: idField('customer', CUSTOMER_REQUIRED), ...fields }),
  v.forward(v.partialCheck(URL_FITS_PROTOCOL, urlFits, urlMessage), ['URL']),
  v.examples([EXAMPLE]),
);
export type EndpointCreateInput = v.InferInput<typeof EndpointCreateSchema>;
export type EndpointCreate = v.InferOutput<typeof EndpointCreateSchema>;

/**
 * `PUT endpoints/{id}`: the same rules; CustomerId null keeps a shared endpoint shared (only
 * for one that is shared: the server refuses it for a customer's with 'No Customer selected').
 */
export const EndpointUpdateSchema = v.pipe(
  v.object({ CustomerId: v.nullable(idField('customer', CUSTOMER_REQUIRED)), ...fields }),
  v.forward(v.partialCheck(URL_FITS_PROTOCOL, urlFits, urlMessage), ['URL']),
  v.examples([EXAMPLE]),
);
export type EndpointUpdateInput = v.InferInput<typeof EndpointUpdateSchema>;
export type EndpointUpdate = v.InferOutput<typeof EndpointUpdateSchema>;

/** '1 device and 2 settings profiles': how an endpoint is in use, for the removal refusal. */
export const endpointInUseMessage = (devices: number, profiles: number): string =>
  `This endpoint is used by ${devices} ${devices === 1 ? 'device' : 'devices'} and ` +
  `${profiles} ${profiles === 1 ? 'settings profile' : 'settings profiles'}`;

/** A settings profile (spec 03 §3): src/shared/settings-profiles/settings-profiles.ts. */
export type { SettingsProfile } from '@shared/settings-profiles/settings-profiles';
