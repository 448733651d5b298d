/**
 * `GET /healthz` and `GET /readyz` for a load balancer or an orchestrator (docs/product.md §12.2). Outside the contract prefixes: plain JSON, never an envelope, no
 * guard, never the portal's page. Probes come every few seconds, so they are logged only at
 * warn, and readiness only when its answer changes.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index';
import { listMigrations, MigrationError, pendingMigrations } from '../db/migrate';

/** What the process says about itself; `draining` is set at SIGTERM (ops/shutdown.ts). */
export interface Lifecycle {
  draining: boolean;
}

/** Why the instance is not ready, or null when it is. */
export type NotReady = 'draining' | 'database' | 'migrations' | null;

/** The database must answer within this long for the instance to be ready (docs/product.md §12.2). */
export const READY_QUERY_TIMEOUT_MS = 1000;

/** `work`'s answer, or a rejection when it takes longer than `timeoutMs`. */
async function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // The work may still fail after the timeout has answered: nobody waits for it then.
  work.catch(() => {});
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, { db, lifecycle }: { db: Db; lifecycle: Lifecycle }) {
  // The files are part of the build: read once.
  const migrations = listMigrations();
  let last: NotReady = null;

  const notReady = async (): Promise<NotReady> => {
    if (lifecycle.draining) return 'draining';
    // The answer comes at the limit, and PostgreSQL cancels each statement at it too, so a
    // query stuck on a lock does not keep a pool connection until the statement timeout.
    const check = db.transaction(async (tx) => {
      await tx.query(`select set_config('statement_timeout', $1, true)`, [String(READY_QUERY_TIMEOUT_MS)]);
      return pendingMigrations(tx, migrations);
    });
    try {
      return (await within(check, READY_QUERY_TIMEOUT_MS)).length ? 'migrations' : null;
    } catch (error) {
      // A changed applied migration is the migrations' fault, not the database's.
      return error instanceof MigrationError ? 'migrations' : 'database';
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
