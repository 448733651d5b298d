import { createTestGateway, type TestGateway } from '../test-helpers';

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
    vi.spyOn(gw.db, 'query').mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.0.0.9:5432'));
    const failed = await get('/readyz');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ status: 'unavailable', reason: 'database' });
    expect(failed.body).not.toContain('ECONNREFUSED');

    vi.spyOn(gw.db, 'query').mockReturnValueOnce(new Promise(() => {}));
    const started = Date.now();
    const silent = await get('/readyz');
    expect(silent.statusCode).toBe(503);
    expect(silent.json().reason).toBe('database');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('/readyz answers 503 at once while draining; /healthz stays 200', async () => {
    gw.app.lifecycle.draining = true;
    const query = vi.spyOn(gw.db, 'query');
    const res = await get('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    expect(res.headers.connection).toBe('close');
    expect(query).not.toHaveBeenCalled();
    expect((await get('/healthz')).statusCode).toBe(200);
  });
});
