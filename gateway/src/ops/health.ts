/**
 * `GET /healthz` and `GET /readyz` for a load balancer or an orchestrator (DESIGN §8
 * "Operations endpoints"). Outside the contract prefixes: plain JSON, never an envelope, no
 * guard, never the portal's page. Probes come every few seconds, so they are logged only at
 * warn, and readiness only when its answer changes.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index';
import { listMigrations } from '../db/migrate';

/** What the process says about itself; `draining` is set at SIGTERM (ops/shutdown.ts). */
export interface Lifecycle {
  draining: boolean;
}

/** Why the instance is not ready, or null when it is. */
export type NotReady = 'draining' | 'database' | 'migrations' | null;

/** The database must answer within this long for the instance to be ready (DESIGN §8). */
export const READY_QUERY_TIMEOUT_MS = 1000;

/**
 * The migration files not recorded as applied in `schema_migrations`; rejects when the
 * database does not answer (or the table is missing) within `timeoutMs`.
 */
export async function pendingMigrations(
  db: Db,
  versions: string[],
  timeoutMs = READY_QUERY_TIMEOUT_MS,
): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const query = db.query<{ version: string }>('select version from schema_migrations');
  // The query may still fail after the timeout has answered: nobody waits for it then.
  query.catch(() => {});
  try {
    const rows = await Promise.race([query, timeout]);
    const applied = new Set(rows.map((r) => r.version));
    return versions.filter((v) => !applied.has(v));
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, { db, lifecycle }: { db: Db; lifecycle: Lifecycle }) {
  // The files are part of the build: read once.
  const versions = listMigrations().map((m) => m.version);
  let last: NotReady = null;

  const notReady = async (): Promise<NotReady> => {
    if (lifecycle.draining) return 'draining';
    try {
      return (await pendingMigrations(db, versions)).length ? 'migrations' : null;
    } catch {
      return 'database';
    }
  };

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const reason = await notReady();
    if (reason !== last) {
      if (reason) request.log.warn({ reason }, 'not ready');
      else app.log.info('ready again');
      last = reason;
    }
    reply.header('cache-control', 'no-store');
    if (reason) return reply.code(503).send({ status: 'unavailable', reason });
    return { status: 'ready' };
  });
}
