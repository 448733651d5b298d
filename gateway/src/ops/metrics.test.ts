import type { AddressInfo } from 'node:net';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import type { Db } from '../db/index';
import { createTestGateway, freshDb, onPostgres, type TestGateway } from '../test-helpers';
import { createMetrics, listenMetrics, poolOf } from './metrics';

type Labels = Record<string, string | number>;

/** The metric's series, as prom-client holds them. */
async function series(gw: TestGateway, name: string) {
  const metric = gw.app.metrics!.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  return (await metric.get()).values as { labels: Labels; value: number; metricName?: string }[];
}

const count = (values: { labels: Labels; value: number }[], match: Labels) =>
  values
    .filter((v) => Object.entries(match).every(([k, x]) => String(v.labels[k]) === String(x)))
    .reduce((n, v) => n + v.value, 0);

describe('metrics (METRICS_PORT)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    // The port is only read by server.ts; buildApp builds the registry when it is set.
    gw = await createTestGateway({ metricsPort: 9464 });
  });
  afterAll(() => gw.close());

  it('count requests by route pattern, method and envelope code, 401 and 10001 apart although HTTP is 200', async () => {
    for (let i = 0; i < 3; i++)
      expect((await gw.send('GET', endpoints.noticeCount, { as: 'customer' })).json.code).toBe(Code.ok);
    for (let i = 0; i < 2; i++)
      expect((await gw.send('GET', endpoints.noticeCount, {})).json.code).toBe(Code.unauthorized);
    const refused = await gw.send('POST', endpoints.writeOff, { as: 'customer', body: {} });
    expect(refused.status).toBe(200);
    expect(refused.json.code).toBe(Code.businessError);
    expect((await gw.app.inject({ method: 'GET', url: '/jsons/indexConfig.json' })).statusCode).toBe(200);
    expect((await gw.app.inject({ method: 'GET', url: '/gateway/user/nope?x=1' })).statusCode).toBe(404);

    const requests = await series(gw, 'gateway_http_requests_total');
    const count200 = { route: endpoints.noticeCount, method: 'GET', status: 200 };
    expect(count(requests, { ...count200, code: Code.ok })).toBe(3);
    expect(count(requests, { ...count200, code: Code.unauthorized })).toBe(2);
    expect(count(requests, { route: endpoints.noticeCount })).toBe(5);
    expect(count(requests, { route: endpoints.writeOff, method: 'POST', status: 200, code: Code.businessError })).toBe(
      1,
    );
    expect(count(requests, { route: endpoints.writeOff })).toBe(1);
    // Not an envelope: a file; no route: one label value, never the raw URL.
    expect(count(requests, { route: '/jsons/:name', status: 200, code: 'none' })).toBe(1);
    expect(count(requests, { route: '(unmatched)', status: 404, code: Code.notFound })).toBe(1);
    expect(
      requests.some((v) => String(v.labels.route).includes('nope') || String(v.labels.route).includes('indexConfig')),
    ).toBe(false);

    const latency = await series(gw, 'gateway_http_request_duration_seconds');
    expect(
      count(
        latency.filter((v) => v.metricName?.endsWith('_count')),
        { route: endpoints.noticeCount, method: 'GET' },
      ),
    ).toBe(5);
  });

  it("observe the size of every batch of the first screens' reads", async () => {
    const before = await series(gw, 'gateway_guard_batch_size');
    const sum = (values: typeof before) =>
      count(
        values.filter((v) => v.metricName?.endsWith('_sum')),
        { statement: 'screen_read_batch' },
      );
    const answers = await Promise.all([1, 2, 3, 4].map(() => gw.send('GET', endpoints.noticeList, { as: 'customer' })));
    expect(answers.map((a) => a.json.code)).toEqual([Code.ok, Code.ok, Code.ok, Code.ok]);
    // Four requests in however many statements: the sizes add up to four.
    expect(sum(await series(gw, 'gateway_guard_batch_size')) - sum(before)).toBe(4);
  });

  it('include the process figures, and no pool gauges on PGlite', async () => {
    const text = await gw.app.metrics!.registry.metrics();
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    if (gw.db.kind === 'pglite') expect(text).not.toContain('gateway_db_pool');
  });

  it('serve the text on their own listener, GET /metrics only', async () => {
    const server = await listenMetrics(gw.app.metrics!, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toMatch(/^gateway_http_requests_total\{/m);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
      // Never on the portal's port.
      expect((await gw.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('pool gauges', () => {
  it.skipIf(!onPostgres)('come from the pool of the PostgreSQL database the gateway opened', async () => {
    const { db, drop } = await freshDb();
    try {
      await db.query('select 1');
      const pool = poolOf(db);
      expect(pool?.totalCount).toBeGreaterThan(0);
      const metrics = createMetrics({ pool });
      const idle = (await metrics.registry.getSingleMetric('gateway_db_pool_idle')!.get()).values[0].value;
      expect(idle).toBe(pool!.idleCount);
    } finally {
      await drop();
    }
  });

  it('read in use, idle and waiting from the pg pool at each scrape', async () => {
    const pool = { totalCount: 5, idleCount: 2, waitingCount: 3 };
    const metrics = createMetrics({ pool: poolOf({ kind: 'pg', pool } as unknown as Db) });
    const value = async (name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values[0].value;
    expect(await value('gateway_db_pool_in_use')).toBe(3);
    expect(await value('gateway_db_pool_idle')).toBe(2);
    expect(await value('gateway_db_pool_waiting')).toBe(3);
    pool.idleCount = 5;
    pool.waitingCount = 0;
    expect(await value('gateway_db_pool_in_use')).toBe(0);
    expect(await value('gateway_db_pool_waiting')).toBe(0);
  });
});
