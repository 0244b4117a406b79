/**
 * The endpoint as lists answer it and the list's constants: what the Endpoints route's loader and
 * the device page's selects need, without the create and update rules (endpoints.ts), so the
 * entry bundle stays light.
 */
import * as v from 'valibot';
import { listPageSchema } from './list-resource';

/** Endpoint protocols (spec 01 §9). */
export const ENDPOINT_PROTOCOLS = { 1: 'HTTP', 3: 'TCP' } as const;
export type EndpointProtocol = 1 | 3;
export const HTTP_PROTOCOL = 1 as const;
export const TCP_PROTOCOL = 3 as const;

/** The Endpoints list (spec 02 §2): its server search fields, Name the default, and page size. */
export const ENDPOINT_SEARCH_FILTERS = ['Name', 'URL'] as const;
export type EndpointSearchFilter = (typeof ENDPOINT_SEARCH_FILTERS)[number];
export const ENDPOINT_PAGE_SIZE = 100;

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
