/**
 * Versioned SQL migrations (gateway/src/db/migrations/NNN_name.sql), applied in order and
 * recorded in `schema_migrations` with each file's sha256. `npm run migrate` (migrate-cli.ts)
 * applies them in production; outside production the gateway applies them itself at start.
 * Both hold a session advisory lock for the whole run, so runs that start together apply each
 * file once: the second waits, then finds nothing to do. Each file runs in its own transaction.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './index';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: the advisory lock key of the migration runner. */
export const MIGRATION_LOCK_KEY = 7_261_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
  /** sha256 hex of the file, line endings normalised (a CRLF checkout is the same file). */
  checksum: string;
}

/** Thrown when the applied migrations and the files disagree; the message names the file. */
export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export const checksumOf = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

/** The migration files, ordered by their number. */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = fs.readFileSync(path.join(dir, f), 'utf8');
      return { version: f.slice(0, 3), name: f.replace(/\.sql$/, ''), sql, checksum: checksumOf(sql) };
    });
}

interface AppliedRow {
  version: string;
  checksum: string | null;
}

async function hasChecksumColumn(q: Queryable): Promise<boolean> {
  const rows = await q.query(
    `select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'schema_migrations' and column_name = 'checksum'`,
  );
  return rows.length > 0;
}

/** The applied versions and their checksums (null before migration 003, or never recorded). */
async function appliedRows(q: Queryable): Promise<Map<string, string | null>> {
  const [table] = await q.query<{ t: string | null }>(`select to_regclass('schema_migrations')::text as t`);
  if (!table.t) return new Map();
  const rows = (await hasChecksumColumn(q))
    ? await q.query<AppliedRow>('select version, checksum from schema_migrations')
    : await q.query<AppliedRow>('select version, null as checksum from schema_migrations');
  return new Map(rows.map((r) => [r.version, r.checksum]));
}

/** An applied migration whose file has changed since is an error naming the file. */
function checkChecksums(applied: Map<string, string | null>, migrations: Migration[]) {
  for (const m of migrations) {
    const recorded = applied.get(m.version);
    if (recorded && recorded !== m.checksum) {
      throw new MigrationError(
        `migration ${m.name}.sql was changed after it was applied (recorded sha256 ${recorded.slice(0, 12)}…, ` +
          `the file now ${m.checksum.slice(0, 12)}…): restore the file and put the change in a new migration`,
      );
    }
  }
}

/**
 * The migrations not applied yet, oldest first; throws MigrationError when an applied one's
 * file has changed. Reads only: what a production gateway checks at start (and /readyz).
 */
export async function pendingMigrations(db: Queryable, migrations = listMigrations()): Promise<Migration[]> {
  const applied = await appliedRows(db);
  checkChecksums(applied, migrations);
  return migrations.filter((m) => !applied.has(m.version));
}

/** Applies the pending migrations under the runner's lock; returns the names applied now. */
export async function migrate(db: Db, migrations = listMigrations()): Promise<string[]> {
  return db.withConnection(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await conn.exec(
        `create table if not exists schema_migrations (
           version text primary key,
           name text not null,
           applied_at timestamptz not null default now()
         )`,
      );
      const pending = await pendingMigrations(conn, migrations);
      const applied: string[] = [];
      for (const m of pending) {
        await conn.exec('begin');
        try {
          await conn.exec(m.sql);
          await conn.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
          await conn.exec('commit');
        } catch (error) {
          await conn.exec('rollback').catch(() => {});
          throw new MigrationError(`migration ${m.name}.sql failed: ${(error as Error).message}`);
        }
        applied.push(m.name);
      }
      // Every applied file's checksum, including the rows applied before the column existed.
      if (await hasChecksumColumn(conn)) {
        for (const m of migrations) {
          await conn.query('update schema_migrations set checksum = $2 where version = $1 and checksum is null', [
            m.version,
            m.checksum,
          ]);
        }
      }
      return applied;
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  });
}

/**
 * The schema at start: a production gateway applies nothing and refuses to start while a
 * migration is pending (`npm run migrate` is its own deploy step); elsewhere the gateway
 * applies them itself, under the same lock. Returns the names applied now.
 */
export async function prepareSchema(db: Db, { production }: { production: boolean }): Promise<string[]> {
  if (!production) return migrate(db);
  const pending = await pendingMigrations(db);
  if (pending.length) {
    throw new MigrationError(
      `the database lacks ${pending.length} migration(s): ${pending.map((m) => `${m.name}.sql`).join(', ')}; ` +
        'run `npm run migrate` with this DATABASE_URL, then start the gateway',
    );
  }
  return [];
}
