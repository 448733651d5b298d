/**
 * Once-only jobs under advisory locks, and the replay guard's table across a crash
 * (docs/product.md §12.1, §12.5; decision 0020).
 */
import { ASYNC_COMMIT, GUARD_BATCH_CTES, pruneGuardTables } from '../guard';
import { freshDb, onPostgres } from '../test-helpers';
import type { Db, Queryable } from './index';
import { JOB_LOCK_KEYS, pruneLoginTables, runExclusive } from './jobs';
import { migrate } from './migrate';

describe('once-only jobs and the nonce table', { timeout: 120_000 }, () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    await migrate(db);
    await db.query(`insert into users (id, mobile_phone, uc_user_id) values ('u-jobs', '13600136000', 'uc-jobs')`);
  });
  afterAll(() => drop());

  it('prunes expired tickets and the SMS rows (codes, wrong codes) no limit counts any more, and nothing else', async () => {
    await db.query(
      `insert into login_tickets (ticket_hash, phone, expires_at) values
         ('t-expired', '13600136000', now() - interval '1 minute'), ('t-live', '13600136000', now() + interval '4 minutes')`,
    );
    await db.query(
      `insert into sms_codes (phone, ip, code_hash, created_at, expires_at) values
         ('13600136000', '127.0.0.1', 'old', now() - interval '3 days', now() - interval '3 days'),
         ('13600136000', '127.0.0.1', 'today', now() - interval '23 hours', now() - interval '23 hours')`,
    );
    await db.query(
      `insert into sms_failures (phone, address, created_at) values
         ('13600136000', 'old', now() - interval '3 days'), ('13600136000', 'today', now() - interval '23 hours')`,
    );
    await pruneLoginTables(db);
    expect(await db.query('select ticket_hash from login_tickets order by 1')).toEqual([{ ticket_hash: 't-live' }]);
    expect(await db.query('select code_hash from sms_codes order by 1')).toEqual([{ code_hash: 'today' }]);
    expect(await db.query('select address from sms_failures order by 1')).toEqual([{ address: 'today' }]);
  });

  it.skipIf(!onPostgres)('a job another instance is running is skipped, not run twice or waited for', async () => {
    await db.query(`insert into nonces (nonce, seen_at) values ('held-nonce-123', now() - interval '11 minutes')`);
    // Another instance: a session of its own holding the prune's lock.
    await db.withConnection(async (other) => {
      await other.query('select pg_advisory_lock($1)', [JOB_LOCK_KEYS.pruneNonces]);
      try {
        expect(await runExclusive(db, 'pruneNonces', async () => expect.unreachable())).toBe(false);
        await pruneGuardTables(db);
        expect(await db.query(`select nonce from nonces where nonce = 'held-nonce-123'`)).toHaveLength(1);
      } finally {
        await other.query('select pg_advisory_unlock($1)', [JOB_LOCK_KEYS.pruneNonces]);
      }
    });
    await pruneGuardTables(db);
    expect(await db.query(`select nonce from nonces where nonce = 'held-nonce-123'`)).toEqual([]);
  });

  it('keeps nonces in a logged table (they survive a crash and reach a standby)', async () => {
    const [row] = await db.query<{ relpersistence: string }>(
      `select relpersistence from pg_class where relname = 'nonces'`,
    );
    expect(row.relpersistence).toBe('p');
  });

  it('commits the guard’s nonce insert asynchronously, for that transaction only', async () => {
    const guards = {
      // The guard stage's one statement (decision 0030).
      batch: async (conn: Queryable) => {
        const rows = await conn.query<{ fresh: boolean }>(`with ${GUARD_BATCH_CTES} select fresh from guard`, [
          ['async-commit-nonce-1', 'async-commit-nonce-2'],
          [null, null],
        ]);
        return rows.every((r) => r.fresh);
      },
    };
    for (const [name, guard] of Object.entries(guards)) {
      await db.withConnection(async (conn) => {
        await conn.exec('begin');
        expect(await guard(conn), name).toBe(true);
        const [inside] = await conn.query<{ synchronous_commit: string }>('show synchronous_commit');
        await conn.exec('commit');
        const [after] = await conn.query<{ synchronous_commit: string }>('show synchronous_commit');
        expect(inside.synchronous_commit, name).toBe('off');
        expect(after.synchronous_commit, name).toBe('on');
      });
    }
    expect(ASYNC_COMMIT).toMatch(/set_config\('synchronous_commit', 'off', true\)/);
  });
});
