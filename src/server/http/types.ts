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
