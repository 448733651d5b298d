/**
 * Runs once before the gateway's test files: an in-memory PGlite database right after initdb,
 * and one migrated and seeded, each dumped to a file. A file's fresh database loads a dump
 * instead of running initdb, the migrations and the seed again (test-helpers.ts). The dumps are
 * kept under node_modules/.cache, named by a hash of everything that makes them (the database
 * code, the migrations, the demo data, PGlite's version): a change to any of them makes new ones.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
  // Written beside, then renamed: a run that stops midway never leaves half a dump under the name.
  writeFileSync(`${file}.${process.pid}`, new Uint8Array(await (await db.dumpDataDir!()).arrayBuffer()));
  renameSync(`${file}.${process.pid}`, file);
}

/** Every file below `dir`, in a stable order. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

/** A hash of what the dumps are made of. */
function dumpKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder('gateway/src/db').filter((file) => !file.endsWith('.test.ts')),
    'gateway/src/time.ts',
    'gateway/src/test-global-setup.ts',
    'contract/demo-data.ts',
    'node_modules/@electric-sql/pglite/package.json',
  ];
  for (const file of inputs) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  // On PostgreSQL each file creates its own database; nothing to prepare.
  if (process.env.DATABASE_URL) {
    project.provide('pgliteDumps', null);
    return;
  }
  const dir = join('node_modules/.cache/gateway-test-dumps', dumpKey());
  const dumps = { empty: join(dir, 'empty.tar'), seeded: join(dir, 'seeded.tar') };
  if (!existsSync(dumps.empty) || !existsSync(dumps.seeded)) {
    mkdirSync(dir, { recursive: true });
    const db = await openDb({ dataDir: 'memory://' });
    try {
      await dumpTo(db, dumps.empty);
      await migrate(db);
      await seed(db);
      await dumpTo(db, dumps.seeded);
    } finally {
      await db.close();
    }
  }
  project.provide('pgliteDumps', dumps);
}
