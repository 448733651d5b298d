import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '../../../contract/endpoints';
import { createTestGateway, freshDb } from '../test-helpers';
import type { Db } from './index';
import { listMigrations, migrate } from './migrate';
import { seed } from './seed';

const TABLES = ['users', 'rights', 'consumptions', 'evaluations', 'notices', 'addresses'];

/** Every row of the seeded tables, as JSON, ordered: a fingerprint of the data. */
async function snapshot(db: Db) {
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    const rows = await db.query(`select * from ${t} order by id`);
    out[t] = JSON.stringify(rows);
  }
  for (const t of TABLES.filter((t) => t !== 'users')) {
    const [seq] = await db.query<{ v: string }>(`select last_value::text as v from ${t}_id_seq`);
    out[`${t}_id_seq`] = seq.v;
  }
  return out;
}

// PGlite in a folder loads the dump, or on the PostgreSQL legs runs initdb: 20–40 s on a busy machine.
describe('database', { timeout: 120_000 }, () => {
  it('migrations are numbered, tracked and applied once', async () => {
    const names = listMigrations().map((m) => m.name);
    expect(names[0]).toBe('001_init');
    const { db, drop } = await freshDb();
    try {
      expect(await migrate(db)).toEqual(names);
      expect(await migrate(db)).toEqual([]);
      const rows = await db.query<{ version: string }>('select version from schema_migrations order by version');
      expect(rows.map((r) => r.version)).toEqual(names.map((n) => n.slice(0, 3)));
    } finally {
      await drop();
    }
  });

  it('json_ascii escapes the same whatever standard_conforming_strings says', async () => {
    // A session of its own (PGlite in a directory, reopened): the session that ran the
    // migration keeps the function's body as it first parsed it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-pglite-'));
    try {
      const first = await freshDb(dir);
      await migrate(first.db);
      await first.drop();
      const { db, drop } = await freshDb(dir);
      try {
        const escape = (conforming: 'on' | 'off') =>
          db.transaction(async (tx) => {
            await tx.exec(`set local standard_conforming_strings = ${conforming}`);
            const [row] = await tx.query<{ s: string }>('select json_ascii($1) as s', ['é"\\🎉']);
            return row.s;
          });
        const expected = '"\\u00e9\\"\\\\\\ud83c\\udf89"';
        expect(await escape('off')).toBe(expected);
        expect(await escape('on')).toBe(expected);
        expect(JSON.parse(expected)).toBe('é"\\🎉');
      } finally {
        await drop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migration 002 gives the notices written before it their JSON', async () => {
    const { db, drop } = await freshDb();
    try {
      const [init, ...rest] = listMigrations();
      await migrate(db, [init]);
      await seed(db);
      const [before] = await db.query<{ n: number }>('select count(*)::int as n from notices');
      expect(before.n).toBeGreaterThan(0);
      await migrate(db, rest);
      const rows = await db.query<{
        id: string;
        title: string;
        content: string;
        read_flag: number;
        link_url: string | null;
        notice: string;
      }>('select id, title, content, read_flag, link_url, json_head || read_flag || json_tail as notice from notices');
      expect(rows).toHaveLength(before.n);
      for (const r of rows) {
        expect(r.notice).toMatch(/^[\x20-\x7f]*$/);
        expect(JSON.parse(r.notice)).toMatchObject({
          id: Number(r.id),
          title: r.title,
          content: r.content,
          readFlag: r.read_flag,
          ...(r.link_url ? { linkUrl: r.link_url } : {}),
        });
      }
    } finally {
      await drop();
    }
  });

  it('seeding twice changes nothing, and keeps what users changed', async () => {
    const { db, drop } = await freshDb();
    try {
      await migrate(db);
      await seed(db);
      const first = await snapshot(db);
      expect(JSON.parse(first.users)).toHaveLength(3);
      await seed(db);
      expect(await snapshot(db)).toEqual(first);
      await db.query(`delete from addresses where id = 2`);
      await db.query(`update users set nickname = '改过的' where id = 'u-13800138000'`);
      const changed = await snapshot(db);
      await seed(db);
      expect(await snapshot(db)).toEqual(changed);
    } finally {
      await drop();
    }
  });

  it('rows created after the seed get fresh ids', async () => {
    const { db, drop } = await freshDb();
    try {
      await migrate(db);
      await seed(db);
      const [n] = await db.query<{ id: string }>(
        `insert into notices (user_id, title, content, notice_type) values ('u-13800138000', 't', 'c', 'system') returning id`,
      );
      expect(Number(n.id)).toBeGreaterThan(19);
    } finally {
      await drop();
    }
  });

  it('analytics events are append-only', async () => {
    const { db, drop } = await freshDb();
    try {
      await migrate(db);
      await db.query(
        `insert into analytics_events (event_code, page, index_code, payload) values ('x', '/', 'index', '{}')`,
      );
      await expect(db.query('delete from analytics_events')).rejects.toThrow(/append-only/);
      await expect(db.query(`update analytics_events set page = '/y'`)).rejects.toThrow(/append-only/);
    } finally {
      await drop();
    }
  });

  it('restart keeps data (PGlite in a directory: write, close, reopen)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-pglite-'));
    try {
      const first = await createTestGateway({}, dir);
      const res = await first.send('POST', endpoints.updateInfo, { as: 'customer', body: { nickname: '重启之前' } });
      expect(res.json.code).toBe(200);
      const token = first.tokens.customer;
      await first.close();

      const second = await createTestGateway({}, dir);
      try {
        // The session survived too: the same token still works.
        const me = await second.send('POST', endpoints.agreementAgree, { as: { token } });
        expect(me.json.obj).toMatchObject({ nickname: '重启之前' });
        const [{ n }] = await second.db.query<{ n: number }>('select count(*)::int as n from users');
        expect(n).toBe(3);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
