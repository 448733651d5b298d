/**
 * What every answer carries for operations: its request id (`X-Request-Id`), its envelope
 * code (for the access log line and the metrics: 401, 500 and 10001 are HTTP 200), and while
 * draining `Connection: close`, so a keep-alive client's next request goes to another instance.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lifecycle } from './health';
import type { GatewayMetrics } from './metrics';
import { REQUEST_ID_HEADER } from './request-id';

declare module 'fastify' {
  interface FastifyReply {
    /** The `code` of the envelope this answer sent; null when it is not an envelope. */
    envelopeCode: number | null;
  }
}

const HEAD = '{"code":';

/**
 * The code of a serialised envelope. Every envelope is written code first (envelope.ts), so
 * the digits after `{"code":` are enough: the hot list answer is not parsed again.
 */
export function envelopeCodeOf(payload: unknown): number | null {
  if (typeof payload !== 'string' || !payload.startsWith(HEAD)) return null;
  let code = 0;
  let i = HEAD.length;
  for (; i < payload.length && i < HEAD.length + 9; i++) {
    const digit = payload.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    code = code * 10 + digit;
  }
  return i > HEAD.length ? code : null;
}

/**
 * Sets the request id and, while draining, `Connection: close`. Called by the onSend hook
 * below, and by the answers no hook sees (app.ts's frameworkErrors).
 */
export function setOperationsHeaders(request: FastifyRequest, reply: FastifyReply, lifecycle: Lifecycle) {
  reply.header(REQUEST_ID_HEADER, request.id);
  if (lifecycle.draining) reply.header('connection', 'close');
}

/**
 * Registers the hooks. Call it after any onSend hook that replaces the payload with another
 * envelope and before compression, which turns the payload into a stream.
 */
export function requestOps(
  app: FastifyInstance,
  { lifecycle, metrics }: { lifecycle: Lifecycle; metrics?: GatewayMetrics },
) {
  app.decorateReply('envelopeCode', null);

  // A callback hook: no promise per request on the hot list.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.envelopeCode = envelopeCodeOf(payload);
    setOperationsHeaders(request, reply, lifecycle);
    done(null, payload);
  });

  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.routeOptions.url,
        request.method,
        reply.statusCode,
        reply.envelopeCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
}
