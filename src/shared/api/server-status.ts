/**
 * What forwards and authentication servers share (spec 02 §3): their Status and the range of
 * their ports. Without schemas (server-fields.ts has them): the lists' constants need these only.
 */

/** 0 Server Down, 1 Server Up & Running. */
export const SERVER_STATUS = { 0: 'Server Down', 1: 'Server Up & Running' } as const;
export const STATUS_REQUIRED = 'Status is Required';
export const STATUS_INVALID = 'Status must be 0 (Server Down) or 1 (Server Up & Running)';

/** A TCP or UDP port. */
export const PORT_RANGE = { min: 1, max: 65535 } as const;
export const PORT_NOT_A_NUMBER = 'Port must be a number';

export const isPort = (port: number): boolean =>
  Number.isInteger(port) && port >= PORT_RANGE.min && port <= PORT_RANGE.max;
