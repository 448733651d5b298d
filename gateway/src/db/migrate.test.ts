/**
 * The migration runner (docs/product.md §12.4): a checksum per applied file, a changed
 * applied file is an error naming it, production refuses pending migrations, and runs that
 * start together apply each file exactly once (on PostgreSQL two pools on one database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, freshDb, onPostgres } from '../test-helpers';
import { type Db, openDb } from './index';
import { checksumOf, listMigrations, migrate, MigrationError, pendingMigrations, prepareSchema } from './migrate';

const ALL = listMigrations();
const NAMES = ALL.map((m) => m.name);

/** The migrations folder copied, so a test can change a file. */
function copiedMigrations() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-migrations-'));
  for (const m of ALL) fs.writeFileSync(path.join(dir, `${m.name}.sql`), m.sql);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe('migrations', { timeout: 120_000 }, () => {
  it('records every file’s sha256, also for the rows applied before the checksum column', async () => {
    const { db, drop } = await freshDb();
    try {
      // 001 and 002 as an older gateway applied them: no checksum column yet.
      expect(await migrate(db, ALL.slice(0, 2))).toEqual(NAMES.slice(0, 2));
      expect(await migrate(db)).toEqual(NAMES.slice(2));
      const rows = await db.query<{ version: string; checksum: string }>(
        'select version, checksum from schema_migrations order by version',
      );
      expect(rows).toEqual(ALL.map((m) => ({ version: m.version, checksum: m.checksum })));
      expect(rows[0].checksum).toBe(
        checksumOf(fs.readFileSync(new URL('./migrations/001_init.sql', import.meta.url), 'utf8')),
      );
      expect(checksumOf('a\r\nb')).toBe(checksumOf('a\nb'));
    } finally {
      await drop();
    }
  });

  it('refuses an applied migration whose file has changed, naming the file', async () => {
    const { db, drop } = await freshDb();
    const copy = copiedMigrations();
    try {
      await migrate(db, listMigrations(copy.dir));
      fs.appendFileSync(path.join(copy.dir, '002_notice_json.sql'), '\n-- an edit after the fact\n');
      await expect(migrate(db, listMigrations(copy.dir))).rejects.toThrow(
        /002_notice_json\.sql was changed after it was applied/,
      );
      await expect(pendingMigrations(db, listMigrations(copy.dir))).rejects.toBeInstanceOf(MigrationError);
      // The database was left as it was.
      expect(await pendingMigrations(db)).toEqual([]);
    } finally {
      copy.remove();
      await drop();
    }
  });

  it('a production start refuses pending migrations, naming them and `npm run migrate`; elsewhere applies them', async () => {
    const { db, drop } = await freshDb();
    try {
      await migrate(db, ALL.slice(0, 2));
      const refused = prepareSchema(db, { production: true });
      await expect(refused).rejects.toThrow(/npm run migrate/);
      await expect(refused).rejects.toThrow(
        new RegExp(
          NAMES.slice(2)
            .map((n) => `${n}\\.sql`)
            .join(', '),
        ),
      );
      expect((await pendingMigrations(db)).map((m) => m.name)).toEqual(NAMES.slice(2));
      expect(await prepareSchema(db, { production: false })).toEqual(NAMES.slice(2));
      expect(await prepareSchema(db, { production: true })).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('a failing migration names its file and leaves no trace of itself', async () => {
    const { db, drop } = await freshDb();
    const copy = copiedMigrations();
    try {
      fs.writeFileSync(
        path.join(copy.dir, '999_broken.sql'),
        'create table half_done (id int);\nselect no_such_function();\n',
      );
      await expect(migrate(db, listMigrations(copy.dir))).rejects.toThrow(/999_broken\.sql failed/);
      expect(await db.query(`select to_regclass('half_done') as t`)).toEqual([{ t: null }]);
      expect((await pendingMigrations(db, listMigrations(copy.dir))).map((m) => m.name)).toEqual(['999_broken']);
    } finally {
      copy.remove();
      await drop();
    }
  });

  it.skipIf(!onPostgres)(
    'two runs at once on one PostgreSQL database: each file applied exactly once, neither fails',
    async () => {
      const database = await createDatabase('gw_migrate');
      const u = new URL(database.url);
      const dbs: Db[] = [];
      try {
        for (let i = 0; i < 3; i++) dbs.push(await openDb({ databaseUrl: u.toString(), poolMax: 2 }));
        const results = await Promise.all(dbs.map((db) => migrate(db)));
        expect(results.flat().sort()).toEqual(NAMES);
        const rows = await dbs[0].query<{ version: string }>('select version from schema_migrations order by version');
        expect(rows.map((r) => r.version)).toEqual(ALL.map((m) => m.version));
      } finally {
        await Promise.all(dbs.map((db) => db.close()));
        await database.drop();
      }
    },
  );
});
