import { createTestGateway, onPostgres, type TestGateway } from '../test-helpers';
import { READY_QUERY_TIMEOUT_MS } from './health';

describe('/healthz and /readyz', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());
  afterEach(() => {
    vi.restoreAllMocks();
    gw.app.lifecycle.draining = false;
  });

  const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });

  it('/healthz answers 200 without asking the database, as plain JSON, never the portal page', async () => {
    const query = vi.spyOn(gw.db, 'query');
    for (const accept of ['*/*', 'text/html,application/xhtml+xml']) {
      const res = await get('/healthz', { accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ status: 'ok' });
    }
    expect((await gw.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    expect(query).not.toHaveBeenCalled();
  });

  it('/readyz answers 200 when the database answers and every migration is applied', async () => {
    const res = await get('/readyz', { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 while a migration file is not applied', async () => {
    const [last] = await gw.db.query<{ version: string; name: string }>(
      'select version, name from schema_migrations order by version desc limit 1',
    );
    await gw.db.query('delete from schema_migrations where version = $1', [last.version]);
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'migrations' });
    } finally {
      await gw.db.query('insert into schema_migrations (version, name) values ($1, $2)', [last.version, last.name]);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 (migrations) when an applied migration’s file has changed since', async () => {
    const [first] = await gw.db.query<{ version: string; checksum: string }>(
      'select version, checksum from schema_migrations order by version limit 1',
    );
    await gw.db.query(`update schema_migrations set checksum = 'changed' where version = $1`, [first.version]);
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'migrations' });
    } finally {
      await gw.db.query('update schema_migrations set checksum = $2 where version = $1', [
        first.version,
        first.checksum,
      ]);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz answers 503 when the database fails, or does not answer within 1 s', async () => {
    vi.spyOn(gw.db, 'transaction').mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.0.0.9:5432'));
    const failed = await get('/readyz');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ status: 'unavailable', reason: 'database' });
    expect(failed.body).not.toContain('ECONNREFUSED');

    // The limit on a clock the test moves: no answer a moment before it, a 503 at it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const asked = vi.spyOn(gw.db, 'transaction').mockReturnValueOnce(new Promise(() => {}));
    let silent: Awaited<ReturnType<typeof get>> | undefined;
    const answered = get('/readyz').then((res) => (silent = res));
    const turns = async (n: number) => {
      for (let turn = 0; turn < n; turn++) await new Promise((resolve) => setImmediate(resolve));
    };
    while (!asked.mock.calls.length) await turns(1);
    await vi.advanceTimersByTimeAsync(READY_QUERY_TIMEOUT_MS - 1);
    await turns(10);
    expect(silent).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await answered;
    expect(silent!.statusCode).toBe(503);
    expect(silent!.json().reason).toBe('database');
  });

  // PGlite runs one statement at a time in the process: nothing there waits on a lock.
  it.skipIf(!onPostgres)(
    '/readyz gives up a query that waits past 1 s on PostgreSQL too: its connection is not held',
    async () => {
      const waiting = async () =>
        Number(
          (
            await gw.db.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          )[0].n,
        );
      await gw.db.withConnection(async (locker) => {
        await locker.exec('begin');
        try {
          await locker.exec('lock table schema_migrations in access exclusive mode');
          const answer = get('/readyz');
          // While the probe is in flight its query waits on the lock (PostgreSQL cancels it at
          // the same 1 s the probe answers at, so it is looked for now, not after the answer).
          let waited = 0;
          const by = Date.now() + 900;
          while (waited === 0 && Date.now() < by) {
            waited = await waiting();
            if (waited === 0) await new Promise((r) => setTimeout(r, 50));
          }
          expect(waited).toBe(1);
          const res = await answer;
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({ status: 'unavailable', reason: 'database' });
          // PostgreSQL cancels the statement at READY_QUERY_TIMEOUT_MS: nothing waits on the lock.
          const until = Date.now() + 2500;
          while ((await waiting()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
          expect(await waiting()).toBe(0);
        } finally {
          await locker.exec('rollback');
        }
      });
      expect((await get('/readyz')).statusCode).toBe(200);
    },
  );

  it('/readyz answers 503 at once while draining; /healthz stays 200', async () => {
    gw.app.lifecycle.draining = true;
    const query = vi.spyOn(gw.db, 'transaction');
    const res = await get('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    expect(res.headers.connection).toBe('close');
    expect(query).not.toHaveBeenCalled();
    expect((await get('/healthz')).statusCode).toBe(200);
  });
});
