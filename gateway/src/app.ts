/**
 * Builds the gateway (no listen): envelopes and codes (docs/product.md §7.3, §11.2), the
 * guard on every A and B call, every route of contract/endpoints.ts, the SSO, the admin
 * confirm and the built portal. `server.ts` adds the process around it.
 */
import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { Code, Desc } from '../../contract/codes';
import type { IndexConfig, ServiceCatalog } from '../../contract/types';
import type { Config } from './config';
import type { AppContext, StaticData } from './context';
import type { Db } from './db/index';
import { BizError, envelope } from './envelope';
import { registerGuard } from './guard';
import { loggerOptions } from './logger';
import { collectRoutes, openApiDocument, type RegisteredRoutes } from './openapi';
import { healthRoutes, type Lifecycle } from './ops/health';
import { createMetrics, type GatewayMetrics, poolOf } from './ops/metrics';
import { requestId } from './ops/request-id';
import { requestOps, setOperationsHeaders } from './ops/requests';
import { fastifyTrustProxy } from './ops/trust-proxy';
import { adminRoutes } from './routes/admin';
import { agreementRoutes } from './routes/agreement';
import { analyticsRoutes } from './routes/analytics';
import { consumptionRoutes } from './routes/consumptions';
import { loginRoutes } from './routes/login';
import { noticeRoutes } from './routes/notices';
import { portalRoutes } from './routes/portal';
import { rightsRoutes } from './routes/rights';
import { ssoRoutes } from './routes/sso';
import { staticRoutes } from './routes/static';
import { userRoutes } from './routes/user';
import { screenReads } from './screen-reads';
import { hasUnstorableText, UNSTORABLE_TEXT_DESC } from './text';

/** Every route accepts 64 KB unless it says otherwise (updateHead: 3 MB). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * An idle keep-alive connection is closed after this long. A request in progress whose socket
 * is silent both ways (a response its client does not read) gets as long (decision 0048).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The headers are a few hundred bytes: a client that has not sent them in 10 s is not on a phone. */
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * How often Node looks for requests past their time. Its default, 30 s, would let a request
 * run up to twice REQUEST_TIMEOUT_MS; a walk over the open connections each second costs nothing.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Routes whose input can reach the database: the A and B calls, the SSO and the admin confirm.
 * Matched against the route's pattern (`routeOptions.url`), never the raw URL.
 */
const API_ROUTE = /^\/(?:gateway\/user|user-cloud|sso|admin)\//;

/** Every answer's: no type sniffing, no full address in the Referer (the HTML's CSP: routes/static.ts). */
const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' } as const;

/**
 * What Node's HTTP parser refuses (a malformed request line or header, headers over the
 * limit, a request timeout) never reaches Fastify: the answer is written to the socket here,
 * as an envelope like every other refusal, and the connection is closed.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer (Node's own rule, kept by Fastify).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, envelope(Code.headersTooLarge, Desc.headersTooLarge, null)]
      : [error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400, envelope(Code.badRequest, Desc.badRequest, null)];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        Object.entries(SECURITY_HEADERS)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        json,
    );
  }
  socket.destroy(error);
}

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** Fastify logger options; default: pino at config.logLevel with redaction. */
  logger?: FastifyServerOptions['logger'];
}

/** Reads the static configuration the gateway needs (catalog, index config) once. */
export function loadStaticData(config: Config): StaticData {
  const read = <T>(name: string): T => {
    for (const dir of [path.join(config.distDir, 'jsons'), path.join(config.publicDir, 'jsons')]) {
      const file = path.join(dir, `${name}.json`);
      if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    }
    throw new Error(`${name}.json not found in dist/jsons or public/jsons`);
  };
  const catalog = read<ServiceCatalog>('serviceCatalog');
  const indexConfig = read<IndexConfig>('indexConfig');
  return { catalog, indexConfig, serviceByCode: new Map(catalog.services.map((s) => [s.code, s])) };
}

class HttpBodyError extends Error {
  constructor(readonly statusCode: number) {
    super('invalid body');
  }
}

/** One HTTP date string per second: every response carries `Date` (docs/product.md §8.3). */
let dateCache = { second: 0, value: '' };
const httpDate = () => {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateCache.second) dateCache = { second, value: new Date(second * 1000).toUTCString() };
  return dateCache.value;
};

/**
 * The headers every answer carries besides the operations ones (ops/requests.ts). Set by the
 * onSend hook, and by the answers no hook sees (frameworkErrors), so none lacks one.
 */
function setAnswerHeaders(reply: FastifyReply) {
  if (!reply.hasHeader('date')) reply.header('date', httpDate());
  reply.headers(SECURITY_HEADERS);
  // Envelopes carry personal data (and ck's answer a token): no cache keeps them. A route
  // that chose its own caching (/jsons, avatars) keeps it.
  if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
    reply.header('cache-control', 'no-store');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set to draining at SIGTERM: /readyz answers 503 (ops/shutdown.ts). */
    lifecycle: Lifecycle;
    /** The app's own metrics registry, when METRICS_PORT is set. */
    metrics?: GatewayMetrics;
    /** The contract as OpenAPI 3.1, from the routes this app registered (decision 0063). */
    openApi(): ReturnType<typeof openApiDocument>;
    /** Every route as registered (the OpenAPI test compares them with the document). */
    registeredRoutes: RegisteredRoutes;
  }
}

export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const lifecycle: Lifecycle = { draining: false };
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    bodyLimit: DEFAULT_BODY_LIMIT,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Fastify's defaults are 0, no limit: a body trickled a byte at a time held its connection
    // for ever. Past REQUEST_TIMEOUT_MS Node answers 408 through clientErrorHandler (decision 0048).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Read by Node when the server is created: it refuses a headers timeout above the request's.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    // The incoming X-Request-Id only when it is a sane token (ops/request-id.ts).
    requestIdHeader: false,
    genReqId: requestId,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, a request that still arrives on an open connection is served (with
    // `Connection: close`) rather than refused: a drain fails no request (decision 0021).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false },
    // A path the router cannot decode (`/gateway/user/%E0%A4%A`): Fastify's own answer echoes
    // the path; ours is the 400 envelope. No route, so no onSend hook: the same functions as
    // the hooks set the headers here.
    frameworkErrors: (_error, request, raw) => {
      const reply = (raw as FastifyReply).code(400).type('application/json; charset=utf-8');
      setAnswerHeaders(reply);
      setOperationsHeaders(request, reply, lifecycle);
      return reply.send(envelope(Code.badRequest, Desc.badRequest, null));
    },
    clientErrorHandler,
  });
  const metrics = config.metricsPort === null ? undefined : createMetrics({ pool: poolOf(db) });
  app.decorate('lifecycle', lifecycle);
  app.decorate('metrics', metrics);
  const ctx: AppContext = { db, config, data: loadStaticData(config), metrics, reads: screenReads(db, metrics) };

  app.decorateRequest('userId', null);
  // Before any route: the document describes the routes as registered, with their own schemas.
  const registered = collectRoutes(app);
  app.decorate('registeredRoutes', registered);
  app.decorate('openApi', () => openApiDocument(registered.contract));

  // Text PostgreSQL cannot store (U+0000, a lone surrogate) is refused before any handler, as
  // a 10001, in the query and the body of every route whose input can reach the database;
  // otherwise the database would refuse it with a 500. After the guard (onRequest), so a
  // refusal still records the nonce.
  app.addHook('onRoute', (route) => {
    if (!API_ROUTE.test(route.url)) return;
    // A callback hook, not an async one: no promise per request on the hot list.
    const refuseUnstorable = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
        reply.send(envelope(Code.businessError, UNSTORABLE_TEXT_DESC, null));
        return;
      }
      done();
    };
    const own = route.preValidation;
    route.preValidation = own ? [refuseUnstorable, ...(Array.isArray(own) ? own : [own])] : refuseUnstorable;
  });

  // JSON: an empty body is `{}` (axios sends Content-Type: application/json on a bare PUT);
  // malformed JSON is HTTP 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpBodyError(400), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Authentication and the replay guard, decided in one stage before any handler (decision 0030).
  registerGuard(app, db, { onBatch: metrics && ((size) => metrics.observeBatch('guard_batch', size)) });

  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    setAnswerHeaders(reply);
    done(null, payload);
  });
  // After the hook above, before compression.
  requestOps(app, { lifecycle, metrics });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof BizError) return reply.code(200).send(envelope(Code.businessError, error.desc, null));
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(envelope(Code.tooLarge, Desc.tooLarge, null));
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'bad request');
      return reply.code(400).send(envelope(Code.badRequest, Desc.badRequest, null));
    }
    // Details only in the log; the client gets the generic sentence (docs/product.md §7.3).
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(200).send(envelope(Code.serverError, Desc.serverError, null));
  });

  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 5: most of brotli's gain at a fraction of the default 11's CPU, for dynamic bodies.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  healthRoutes(app, { db, lifecycle });
  noticeRoutes(app, ctx);
  consumptionRoutes(app, ctx);
  rightsRoutes(app, ctx);
  portalRoutes(app, ctx);
  userRoutes(app, ctx);
  loginRoutes(app, ctx);
  agreementRoutes(app, ctx);
  analyticsRoutes(app, ctx);
  adminRoutes(app, ctx);
  ssoRoutes(app, ctx);
  // The contract for the company's gateway team; a production gateway serves the portal only (decision 0063).
  if (!config.production) {
    app.get('/openapi.json', (_request, reply) => reply.header('cache-control', 'no-store').send(app.openApi()));
  }
  await staticRoutes(app, ctx);

  return app;
}
