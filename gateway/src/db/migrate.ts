/**
 * Versioned SQL migrations (gateway/src/db/migrations/NNN_name.sql), applied in order at
 * start and recorded in `schema_migrations`. Each file runs in its own transaction under an
 * advisory lock, so several gateway instances starting at once apply each file once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './index';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: the advisory lock key of the migration runner. */
const LOCK_KEY = 7_261_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** The migration files, ordered by their number. */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 3), name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies the pending migrations; returns the names applied now. */
export async function migrate(db: Db, migrations = listMigrations()): Promise<string[]> {
  await db.exec(
    `create table if not exists schema_migrations (
       version text primary key,
       name text not null,
       applied_at timestamptz not null default now()
     )`,
  );
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const rows = await tx.query('select 1 from schema_migrations where version = $1', [m.version]);
      if (rows.length) return false;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
