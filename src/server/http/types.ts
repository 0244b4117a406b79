import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ValibotTypeProvider } from './valibot-provider';

/** The Fastify instance every module registers on: valibot schemas, typed handlers. */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ValibotTypeProvider
>;

/**
 * The longest path segment the router takes (Fastify's `maxParamLength`, else 414): the side
 * panels name up to 50 plates or drivers of 64 characters in one segment (`tachoobject/{plates}`).
 */
export const MAX_PARAM_LENGTH = 4096;
