/**
 * `npm run migrate`: applies the pending migrations to the database of DATABASE_URL
 * (PostgreSQL, directly: not through PgBouncer in transaction mode, which does not keep a
 * session lock) or of DATA_DIR (PGlite, while no gateway holds the folder), and prints what
 * it applied. Several runs at once are safe: they take turns on an advisory lock.
 * Exits 1 with the cause when a migration fails or an applied one's file has changed.
 */
import { dataDirFrom } from '../config';
import { openDb } from './index';
import { listMigrations, migrate } from './migrate';

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = dataDirFrom(process.env);
  // No statement_timeout: a migration may rewrite a large table.
  const db = await openDb({ databaseUrl, dataDir, poolMax: 1 });
  try {
    const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
    const applied = await migrate(db);
    if (applied.length) {
      for (const name of applied) console.log(`applied ${name}.sql`);
      console.log(`migrate: ${applied.length} migration(s) applied to ${where}`);
    } else {
      console.log(`migrate: nothing to apply; ${where} has all ${listMigrations().length} migrations`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error('migrate failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
