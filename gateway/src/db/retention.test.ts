/**
 * Retention (docs/operations.md "Retention"; decisions 0053, 0054): the analytics events past
 * ANALYTICS_RETENTION_DAYS go in bounded batches while the table stays append-only for
 * everyone else, and PGlite, which runs no autovacuum, vacuums what its jobs prune. Runs on
 * PGlite, and the same on PostgreSQL with
 * `bash scripts/with-postgres.sh npx vitest run --project gateway gateway/src/db/retention.test.ts`.
 */
import { pruneGuardTables } from '../guard';
import { freshDb, onPostgres } from '../test-helpers';
import type { Db } from './index';
import { ANALYTICS_RETENTION_SETTING, JOB_LOCK_KEYS, pruneAnalyticsEvents, runExclusive } from './jobs';
import { migrate } from './migrate';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `n` events of about 1 KB each, created at `at` (an insert may name its time). */
async function insertEvents(db: Db, n: number, at: Date) {
  await db.query(
    `insert into analytics_events (event_code, page, index_code, payload, created_at)
     select 'page_view', '/index', 'index', jsonb_build_object('pad', repeat('x', 1000), 'i', g), $2
       from generate_series(1, $1) g`,
    [n, at],
  );
}

const count = async (db: Db, table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;

const totalSize = async (db: Db, table: string) =>
  Number((await db.query<{ bytes: string }>(`select pg_total_relation_size('${table}')::text as bytes`))[0].bytes);

describe('retention', { timeout: 120_000 }, () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ db, drop } = await freshDb());
    await migrate(db);
  });
  afterEach(() => drop());

  it('keeps analytics_events to the retention while days of events age: rows and size stay bounded', async () => {
    const retentionDays = 5;
    const perDay = 200;
    const start = new Date('2026-01-01T00:00:00Z');
    const sizes: number[] = [];
    for (let day = 0; day < 20; day++) {
      const today = new Date(start.getTime() + day * DAY_MS);
      await insertEvents(db, perDay, today);
      // The job's round at the end of the day, counting back from then.
      await pruneAnalyticsEvents(db, retentionDays, { now: new Date(today.getTime() + DAY_MS - 1), batchRows: 150 });
      // PostgreSQL's autovacuum would run on its own; a test does not wait a minute for it.
      if (db.kind === 'pg') await db.exec('vacuum analytics_events');
      // The days within the retention, today included, and none older.
      expect(await count(db, 'analytics_events'), `day ${day}`).toBe(Math.min(day + 1, retentionDays) * perDay);
      sizes.push(await totalSize(db, 'analytics_events'));
    }
    const [{ oldest }] = await db.query<{ oldest: Date }>('select min(created_at) as oldest from analytics_events');
    expect(oldest.getTime()).toBe(start.getTime() + 15 * DAY_MS);
    // Once the retention is full, the space of the deleted days is used again: the table
    // stops growing (on PGlite without its VACUUM it grows by a day's events every day, to
    // 3.2 times the first full size by day 20).
    const full = sizes[retentionDays];
    expect(Math.max(...sizes.slice(retentionDays))).toBeLessThan(full * 1.5);
  });

  it('deletes a backlog in bounded batches, a round at most maxBatches of them, oldest first', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    await insertEvents(db, 250, new Date(now.getTime() - 100 * DAY_MS));
    await insertEvents(db, 30, new Date(now.getTime() - 89 * DAY_MS));
    const options = { now, batchRows: 100, maxBatches: 2 };
    expect(await pruneAnalyticsEvents(db, 90, options)).toBe(200);
    expect(await count(db, 'analytics_events')).toBe(80);
    expect(await pruneAnalyticsEvents(db, 90, options)).toBe(50);
    expect(await pruneAnalyticsEvents(db, 90, options)).toBe(0);
    // The 89-day-old events are within the 90 days.
    expect(await count(db, 'analytics_events')).toBe(30);
  });

  it('a DELETE outside the job is still refused, also after the job ran on the same connection', async () => {
    const now = new Date();
    await insertEvents(db, 3, new Date(now.getTime() - 100 * DAY_MS));
    await insertEvents(db, 1, now);
    const refused = /analytics_events is append-only/;
    await expect(db.query('delete from analytics_events')).rejects.toThrow(refused);
    expect(await pruneAnalyticsEvents(db, 90, { now })).toBe(3);
    // The job's setting lasted its own transaction only (PGlite has one connection; pg's pool
    // hands out the connection released last).
    await db.withConnection(async (conn) => {
      await expect(conn.query('delete from analytics_events')).rejects.toThrow(refused);
    });
    await expect(db.query('delete from analytics_events')).rejects.toThrow(refused);
    await expect(db.query(`update analytics_events set page = '/y'`)).rejects.toThrow(refused);
    await expect(db.query('truncate analytics_events')).rejects.toThrow(refused);
    // With the setting on, still no UPDATE: the job only deletes.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`select set_config('${ANALYTICS_RETENTION_SETTING}', 'on', true)`);
        await tx.query(`update analytics_events set page = '/y'`);
      }),
    ).rejects.toThrow(refused);
    expect(await count(db, 'analytics_events')).toBe(1);
  });

  it.skipIf(!onPostgres)('a round another instance is running is skipped, not run twice or waited for', async () => {
    const now = new Date();
    await insertEvents(db, 5, new Date(now.getTime() - 100 * DAY_MS));
    await db.withConnection(async (other) => {
      await other.query('select pg_advisory_lock($1)', [JOB_LOCK_KEYS.pruneAnalyticsEvents]);
      try {
        expect(await runExclusive(db, 'pruneAnalyticsEvents', async () => expect.unreachable())).toBe(false);
        expect(await pruneAnalyticsEvents(db, 90, { now })).toBe(0);
        expect(await count(db, 'analytics_events')).toBe(5);
      } finally {
        await other.query('select pg_advisory_unlock($1)', [JOB_LOCK_KEYS.pruneAnalyticsEvents]);
      }
    });
    expect(await pruneAnalyticsEvents(db, 90, { now })).toBe(5);
  });

  it.skipIf(onPostgres)('PGlite: the nonce table stops growing over rounds of inserts and prunes', async () => {
    const sizes: number[] = [];
    for (let round = 0; round < 5; round++) {
      // A round's nonces, already older than the prune keeps (twice the replay window).
      await db.query(
        `insert into nonces (nonce, seen_at)
         select md5($1 || ':' || g), now() - interval '1 hour' from generate_series(1, 10000) g`,
        [`round-${round}`],
      );
      await pruneGuardTables(db);
      expect(await count(db, 'nonces')).toBe(0);
      sizes.push(await totalSize(db, 'nonces'));
    }
    // Without the VACUUM every round adds its 10 000 rows' pages: the fifth is 2.5 times the second.
    expect(Math.max(...sizes.slice(1))).toBeLessThan(sizes[1] * 1.5);
  });
});
