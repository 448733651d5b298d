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
import type { GuardMode } from './guard';
import type { GatewayMetrics } from './ops/metrics';
import type { ScreenRead } from './screen-reads';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, decided by the guard stage (guard.ts `registerGuard`); null on anonymous public calls. */
    userId: string | null;
  }
  interface FastifyContextConfig {
    /** Set on A and B routes: the guard stage decides them before the body is read. */
    guard?: GuardMode;
    /** Set by `apiRoute`: what the OpenAPI document describes (openapi.ts, decision 0063). */
    contract?: RouteContract;
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
  /** The first screens' reads, one batched statement for all their kinds (screen-reads.ts). */
  reads: (read: ScreenRead) => Promise<JsonText>;
}

export interface ApiRoute<S extends z.ZodType | undefined> {
  method: HTTPMethods;
  url: string;
  /** Omitted on routes that are not A or B calls (/sso, /admin): no header check. */
  guard?: GuardMode;
  /** Validates `query` (GET) or `body` (others) unless `from` says otherwise. */
  input?: S;
  from?: 'query' | 'body';
  bodyLimit?: number;
  /** The body must be JSON: HTTP 400 + code 400 for a form, which any site can post unasked. */
  jsonOnly?: boolean;
}

/** An enveloped route's input as the OpenAPI document reads it: the very schema it validates with. */
export interface RouteContract {
  input?: z.ZodType;
  from: 'query' | 'body';
  jsonOnly: boolean;
}

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

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
    config: { guard: route.guard, contract: { input: route.input, from, jsonOnly: route.jsonOnly ?? false } },
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
          return envelope(Code.businessError, firstIssue(parsed.error), null);
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

/**
 * The signed-in caller of a `guard: 'required'` route, as the guard stage decided it. A
 * request that reaches a handler without one is a fault, never a query for nobody's rows.
 */
export function me(request: FastifyRequest): string {
  if (request.userId === null) throw new Error(`${request.routeOptions.url}: no caller decided by the guard stage`);
  return request.userId;
}
