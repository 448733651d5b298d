/**
 * What every route module receives, and the one helper that declares an enveloped API route:
 * guard mode, zod input (query or body), body limit; the handler returns `obj`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { Code, Desc } from '../../contract/codes';
import { firstIssue } from '../../contract/schemas';
import type { CatalogService, IndexConfig, ServiceCatalog } from '../../contract/types';
import type { Config } from './config';
import type { Db } from './db/index';
import { envelope, JsonText, ok, okText } from './envelope';
import type { GuardMode, PendingGuard } from './guard';
import type { GatewayMetrics } from './ops/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the guard; null on anonymous public calls. */
    userId: string | null;
    /** A `guardInQuery` route's SQL check, until its guarded statement has run. */
    pendingGuard?: PendingGuard;
  }
  interface FastifyContextConfig {
    /** Set on A and B routes: the guard runs before the body is read. */
    guard?: GuardMode;
    /** The SQL part of the guard runs in the route's own statement (guard.ts `guardedBatch`). */
    guardInQuery?: boolean;
  }
}

export interface StaticData {
  catalog: ServiceCatalog;
  indexConfig: IndexConfig;
  serviceByCode: Map<string, CatalogService>;
}

export interface AppContext {
  db: Db;
  config: Config;
  data: StaticData;
  /** Set when METRICS_PORT is. */
  metrics?: GatewayMetrics;
}

export interface ApiRoute<S extends z.ZodType | undefined> {
  method: HTTPMethods;
  url: string;
  /** Omitted on routes that are not A or B calls (/sso, /admin): no header check. */
  guard?: GuardMode;
  /**
   * Read-only hot routes: the nonce and token check runs inside the route's one statement
   * (guard.ts `guardedBatch`, decisions 0013 and 0014) instead of a round trip of its own.
   */
  guardInQuery?: boolean;
  /** Validates `query` (GET) or `body` (others) unless `from` says otherwise. */
  input?: S;
  from?: 'query' | 'body';
  bodyLimit?: number;
  /** The body must be JSON: HTTP 400 + code 400 for a form, which any site can post unasked. */
  jsonOnly?: boolean;
}

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

const HAN = /[\u4e00-\u9fff]/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Declares an enveloped route. Invalid input → 10001 with the schema's Chinese message
 * (an untranslated library message becomes a generic Chinese one); unknown fields are
 * dropped by zod; the handler's return value becomes `obj` of a 200 envelope (a `JsonText` is
 * put in as it is).
 */
export function apiRoute<S extends z.ZodType | undefined>(
  app: FastifyInstance,
  route: ApiRoute<S>,
  handler: (input: Input<S>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  const from = route.from ?? (route.method === 'GET' ? 'query' : 'body');
  app.route({
    method: route.method,
    url: route.url,
    bodyLimit: route.bodyLimit,
    config: { guard: route.guard, guardInQuery: route.guardInQuery },
    async handler(request, reply) {
      if (route.jsonOnly && !String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        reply.code(400);
        return envelope(Code.badRequest, Desc.badRequest, null);
      }
      let input: unknown;
      if (route.input) {
        const raw = from === 'query' ? request.query : request.body;
        const parsed = route.input.safeParse(isObject(raw) ? raw : {});
        if (!parsed.success) {
          const message = firstIssue(parsed.error);
          return envelope(Code.businessError, HAN.test(message) ? message : '请求参数不正确', null);
        }
        input = parsed.data;
      }
      const obj = await handler(input as Input<S>, request, reply);
      if (obj instanceof JsonText) {
        reply.type('application/json; charset=utf-8');
        return okText(obj);
      }
      return ok(obj ?? null);
    },
  });
}

/** The signed-in caller of a `guard: 'required'` route. */
export const me = (request: FastifyRequest) => request.userId as string;
