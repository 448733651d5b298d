/**
 * One small database interface with two implementations (DESIGN §1): embedded PGlite (a
 * directory, or memory for tests) and a `pg.Pool` when DATABASE_URL is set. Route code only
 * sees `Db`/`Queryable`, and writes SQL that runs on PostgreSQL 15 and PGlite alike.
 */
import fs from 'node:fs';
import pg from 'pg';
import { PGlite, type Transaction } from '@electric-sql/pglite';

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
  close(): Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  /** PGlite directory, or 'memory://' (default) for an in-memory database. */
  dataDir?: string;
  poolMax?: number;
}

/** Opens PostgreSQL when a URL is given, else PGlite. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  return options.databaseUrl ? openPg(options.databaseUrl, options.poolMax ?? 16) : openPglite(options.dataDir);
}

async function openPglite(dataDir = 'memory://'): Promise<Db> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
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
    async close() {
      if (closed) return;
      closed = true;
      await lite.close();
    },
  };
}

async function openPg(url: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = [], name?: string) => {
    const result = await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
    return result.rows as T[];
  };
  // Fail fast on a wrong URL, before any route is served.
  await pool.query('select 1');
  let closed = false;
  return {
    kind: 'pg',
    query: (sql, params, name) => run(pool, sql, params, name),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
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
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
