/**
 * Runs once before the gateway's test files: an in-memory PGlite database right after initdb,
 * and one migrated and seeded, each dumped to a file. A file's fresh database loads a dump
 * instead of running initdb, the migrations and the seed again (test-helpers.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Db, openDb } from './db/index';
import { migrate } from './db/migrate';
import { seed } from './db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding PGlite data directories: `empty` after initdb, `seeded` migrated and seeded. */
    pgliteDumps: { empty: string; seeded: string } | null;
  }
}

async function dumpTo(db: Db, file: string) {
  writeFileSync(file, new Uint8Array(await (await db.dumpDataDir!()).arrayBuffer()));
}

export default async function setup(project: TestProject) {
  // On PostgreSQL each file creates its own database; nothing to prepare.
  if (process.env.DATABASE_URL) {
    project.provide('pgliteDumps', null);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'gw-test-dumps-'));
  const dumps = { empty: join(dir, 'empty.tar'), seeded: join(dir, 'seeded.tar') };
  const db = await openDb({ dataDir: 'memory://' });
  try {
    await dumpTo(db, dumps.empty);
    await migrate(db);
    await seed(db);
    await dumpTo(db, dumps.seeded);
  } finally {
    await db.close();
  }
  project.provide('pgliteDumps', dumps);
  return () => rmSync(dir, { recursive: true, force: true });
}
