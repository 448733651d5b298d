/**
 * Request ids (docs/product.md §12.3): the proxy's `X-Request-Id` when it is a sane
 * token, so one request can be followed from the load balancer through every log line of the
 * gateway; otherwise a new UUID. A hostile value (a newline, a megabyte) never reaches a log.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}
