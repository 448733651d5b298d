/**
 * One small database interface with two implementations (docs/product.md §1.2): embedded PGlite (a
 * directory, or memory for tests) and a `pg.Pool` when DATABASE_URL is set. Route code only
 * sees `Db`/`Queryable`, and writes SQL that runs on PostgreSQL 15 and PGlite alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { DbOpenError } from './errors';

export { DbOpenError };

export type Row = Record<string, unknown>;

export interface Queryable {
  /**
   * Runs one parameterised statement and returns its rows. `name` makes it a named prepared
   * statement on PostgreSQL (parsed and planned once per connection): use it for hot queries.
   */
  query<T = Row>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `fn` in one transaction (READ COMMITTED); commits on return, rolls back on throw. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on one connection held for its whole run (session-level advisory locks, the
   * migration runner). PGlite has one connection: `fn` gets it.
   */
  withConnection<T>(fn: (conn: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool (its counts feed the metrics); PGlite has none. */
  readonly pool?: pg.Pool;
  /** PGlite: its data directory as a tar, for `loadDataDir` (the tests' migrated database). */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  /** PGlite directory, or 'memory://' (default) for an in-memory database. */
  dataDir?: string;
  /**
   * PGlite in memory, or a directory that holds no database yet: start from this dump of a data
   * directory (`dumpDataDir`) instead of initdb. A directory with a database opens as it is.
   */
  loadDataDir?: Blob;
  poolMax?: number;
  /** PostgreSQL's statement_timeout for every pool connection (ms); 0 or unset sends none. */
  statementTimeoutMs?: number;
}

/** How long a new PostgreSQL connection may take, TCP to ready-for-query (docs/product.md §12.2). */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
/** An idle pool connection is closed after this long. */
export const PG_IDLE_TIMEOUT_MS = 30_000;

/** Opens PostgreSQL when a URL is given, else PGlite. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  return options.databaseUrl
    ? openPg(options.databaseUrl, options.poolMax ?? 16, options.statementTimeoutMs ?? 0)
    : openPglite(options.dataDir, options.loadDataDir);
}

/** `host:port` of a PostgreSQL URL, for messages (never the password). */
export function pgAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || 5432}`;
  } catch {
    return 'the DATABASE_URL database';
  }
}

/**
 * PostgreSQL's own words on a failed PGlite start (its stderr), without timestamps, with the
 * folder's real path for PGlite's internal one.
 */
function pgliteCause(lines: string[], dataDir: string): string {
  const said = lines
    .map((l) =>
      l
        .replace(/^\S+ \S+ \S+ \[\d+\] /, '')
        .replace(/^postgres: /, 'FATAL: ')
        .trim(),
    )
    .filter((l) => /^(FATAL|PANIC|ERROR|DETAIL|HINT):/.test(l))
    .map((l) => l.replaceAll('/pglite/data', dataDir));
  return said.length ? said.join(' ') : 'its files are damaged or were written by another PostgreSQL version';
}

async function openPglite(dataDir = 'memory://', loadDataDir?: Blob): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  let unlock = () => {};
  if (!inMemory) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw new DbOpenError(`PGlite cannot use DATA_DIR ${dataDir}: ${(error as Error).message}`);
    }
    unlock = lockDataDir(dataDir);
  }
  // PostgreSQL explains a refused data directory only on stderr, which PGlite keeps to itself.
  const startLog: string[] = [];
  let starting = true;
  let lite: PGlite;
  try {
    // Loaded here: a gateway on PostgreSQL, or one that refuses to start, does not pay for it.
    const { PGlite } = await import('@electric-sql/pglite');
    lite = await PGlite.create(dataDir, {
      ...(loadDataDir && (inMemory || !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) ? { loadDataDir } : {}),
      onStderr: (text) => {
        if (starting) startLog.push(text);
        return false;
      },
    });
  } catch (error) {
    unlock();
    throw new DbOpenError(
      `PGlite could not open DATA_DIR ${dataDir}: ${pgliteCause(startLog, dataDir)} (PGlite said: ${(error as Error).message.split('\n')[0]})`,
    );
  } finally {
    starting = false;
    startLog.length = 0;
  }
  const wrap = (q: PGlite | Transaction): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(lite);
  let closed = false;
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    withConnection: (fn) => fn(base),
    dumpDataDir: () => lite.dumpDataDir('none'),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await lite.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPg(url: string, max: number, statementTimeoutMs: number): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: PG_IDLE_TIMEOUT_MS,
    // Sent as a startup parameter: through PgBouncer, 0 and the role's setting instead
    // (docs/operations.md, "Database").
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // A connection lost while checked out (a transaction, a held connection) fails its query,
  // then emits 'error', which the pool hears only on idle connections: unheard, it would end
  // the process. The caller has the query's error; the connection is closed on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = [], name?: string) => {
    const result = await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
    return result.rows as T[];
  };
  // Fail fast on a wrong URL or a database that does not answer, before any route is served:
  // the connect timeout covers TCP to ready-for-query, the timer a query that never returns.
  try {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      pool.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer to `select 1`')), 2 * PG_CONNECT_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch (error) {
    void pool.end().catch(() => {});
    const { message, code } = error as Error & { code?: string };
    const cause = message || code || String(error);
    throw new DbOpenError(
      /timeout|no answer/i.test(cause)
        ? `PostgreSQL at ${pgAddress(url)} did not answer within ${PG_CONNECT_TIMEOUT_MS / 1000} s (${cause}): is DATABASE_URL the database, and is it up?`
        : `cannot use PostgreSQL at ${pgAddress(url)}: ${cause}`,
    );
  }
  let closed = false;
  return {
    kind: 'pg',
    // Read by the metrics' pool gauges (ops/metrics.ts poolOf): in use, idle, waiting.
    pool,
    query: (sql, params, name) => run(pool, sql, params, name),
    async exec(sql) {
      await pool.query(sql);
    },
    async withConnection(fn) {
      const client = await pool.connect();
      let failed = false;
      try {
        return await fn({
          query: (sql, params, name) => run(client, sql, params, name),
          exec: async (sql) => {
            await client.query(sql);
          },
        });
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        // After a failure the connection may still hold a session lock or a transaction: closed.
        client.release(failed);
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      let failed = false;
      try {
        await client.query('begin');
        const result = await fn({
          query: (sql, params, name) => run(client, sql, params, name),
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        failed = true;
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        // A failed transaction's connection may be the lost one: closed, not handed out again.
        client.release(failed);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
