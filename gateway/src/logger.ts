/**
 * Logger options: Fastify's pino, with nothing secret in it: no tokens, no
 * Authorization header, no SMS codes, no tickets, no full phone numbers.
 */
import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach the log. */
const SECRET_PARAMS =
  /([?&](?:ticket|token|code|phone|openId|openIdSign|state|nickname|headImgUrl|redirect_url|data)=)[^&#]*/gi;

/** The URL with secret query values replaced by `***`. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1***');

/** Masks every 11-digit mobile inside a string: 138****8000. */
export const maskPhones = (text: string) => text.replace(/(?<!\d)((?:\+?86)?1\d{2})\d{4}(\d{4})(?!\d)/g, '$1****$2');

/** A stream closed by the other side before it ended: `end-of-stream`'s error or Node's own. */
function isPrematureClose(error: unknown): boolean {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (typeof message === 'string' && message.toLowerCase() === 'premature close')
  );
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    hooks: {
      // A browser that closes a page or aborts a request mid-response is routine, not an
      // error: Fastify reports it as 'premature close' at error level, @fastify/compress by
      // logging the error itself (a static file aborted while it streams); log it at debug.
      logMethod(args, method, levelValue) {
        const first: unknown = args[0];
        const error = first instanceof Error ? first : (first as { err?: unknown } | undefined)?.err;
        if (levelValue >= 50 && isPrematureClose(error)) {
          return (this as unknown as { debug: (...a: unknown[]) => void }).debug(...(args as unknown[]));
        }
        return method.apply(this, args);
      },
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-admin-key"]',
        'req.headers.cookie',
        'res.headers.location',
        'token',
        'ticket',
        'demoCode',
        '*.token',
        '*.ticket',
        '*.demoCode',
      ],
      censor: '***',
    },
    serializers: {
      // Database errors can quote values (a unique violation's detail names the phone):
      // keep the error's shape, mask phones everywhere in it, drop the rest.
      err(error: Error & { code?: string; detail?: string }) {
        return {
          type: error.name,
          message: maskPhones(redactUrl(error.message)),
          code: error.code,
          ...(error.detail ? { detail: maskPhones(error.detail) } : {}),
          stack: maskPhones(error.stack ?? ''),
        };
      },
      req(request) {
        return {
          method: request.method,
          url: maskPhones(redactUrl(request.url)),
          remoteAddress: request.ip,
        };
      },
      // The access line ('request completed'): the envelope's code beside the HTTP status, as
      // refusals and faults are HTTP 200 (ops/requests.ts).
      res(reply: { statusCode: number; envelopeCode?: number | null }) {
        return reply.envelopeCode == null
          ? { statusCode: reply.statusCode }
          : { statusCode: reply.statusCode, code: reply.envelopeCode };
      },
    },
  };
}
