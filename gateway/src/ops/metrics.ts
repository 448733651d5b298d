/**
 * Prometheus metrics (docs/product.md §12.2): requests by route pattern, method, HTTP status and envelope
 * code (401, 500 and 10001 are HTTP 200 and still counted apart), latency, the pg pool, the
 * sizes of the batched statements, and prom-client's process figures. One Registry per app,
 * never the global one, so tests can build several apps. Served on their own listener,
 * `METRICS_PORT`, never on the portal's port.
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routeLabel, type RumErrorKind, type RumVital } from '../../../contract/rum';
import type { Db } from '../db/index';

/** What a pg Pool says about itself. */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The pg pool behind a PostgreSQL `Db`, when it exposes one as `pool`; PGlite has none.
 * Read only: the gauges look, they never touch the connections.
 */
export function poolOf(db: Db): PoolStats | undefined {
  const pool = (db as { pool?: Partial<PoolStats> }).pool;
  return pool && typeof pool.totalCount === 'number' ? (pool as PoolStats) : undefined;
}

/** The label of a request no route matched: raw URLs would make a label value per probe. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The `code` label of an answer that is not an envelope (a file, /readyz). */
export const NO_ENVELOPE = 'none';

export interface GatewayMetrics {
  registry: Registry;
  /** One finished request. */
  observeRequest(
    route: string | undefined,
    method: string,
    status: number,
    envelopeCode: number | null,
    seconds: number,
  ): void;
  /** A batched statement sent with `size` requests (db/statement-batch.ts: the guard stage, the first screens' reads). */
  observeBatch(statement: string, size: number): void;
  /** One web-vital of a customer's page load (decision 0062): milliseconds, CLS unitless. */
  observeVital(name: RumVital, route: string, value: number): void;
  /** One failure on a customer's phone, by kind. */
  countPortalError(kind: RumErrorKind, route: string): void;
}

/**
 * The customers' web-vitals, one histogram each, labelled by route pattern (a row of the route
 * table, else `(other)`: contract/rum.ts). Buckets around web.dev's good/poor thresholds.
 */
const VITAL_HISTOGRAMS: Record<RumVital, { name: string; help: string; buckets: number[]; scale: number }> = {
  LCP: {
    name: 'portal_lcp_seconds',
    help: "Customers' Largest Contentful Paint per page load, by route pattern",
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
    scale: 1000,
  },
  INP: {
    name: 'portal_inp_seconds',
    help: "Customers' Interaction to Next Paint per page load, by route pattern",
    buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2],
    scale: 1000,
  },
  TTFB: {
    name: 'portal_ttfb_seconds',
    help: "Customers' Time to First Byte of the document, by route pattern",
    buckets: [0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.5, 2, 3, 5],
    scale: 1000,
  },
  CLS: {
    name: 'portal_cls',
    help: "Customers' Cumulative Layout Shift per page load, by route pattern",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    scale: 1,
  },
};

export function createMetrics({ pool }: { pool?: PoolStats } = {}): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'gateway_http_requests_total',
    help: 'Requests answered, by route pattern, method, HTTP status and envelope code ("none": not an envelope)',
    labelNames: ['route', 'method', 'status', 'code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time from the request arriving to the answer being sent, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const batch = new Histogram({
    name: 'gateway_guard_batch_size',
    help: 'Requests per guarded batch statement (decision 0019), by statement',
    labelNames: ['statement'] as const,
    buckets: [1, 2, 4, 8, 16, 24, 32, 48, 64],
    registers: [registry],
  });
  const vitals = Object.fromEntries(
    Object.entries(VITAL_HISTOGRAMS).map(([vital, { scale, ...options }]) => [
      vital,
      { scale, histogram: new Histogram({ ...options, labelNames: ['route'] as const, registers: [registry] }) },
    ]),
  ) as Record<RumVital, { scale: number; histogram: Histogram<'route'> }>;
  const portalErrors = new Counter({
    name: 'portal_errors_total',
    help: "Failures on customers' phones (uncaught error, rejection, chunk, call timeout, network), by route pattern and kind",
    labelNames: ['route', 'kind'] as const,
    registers: [registry],
  });
  if (pool) {
    const gauge = (name: string, help: string, read: (p: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    gauge(
      'gateway_db_pool_in_use',
      'PostgreSQL connections running a query or transaction',
      (p) => p.totalCount - p.idleCount,
    );
    gauge('gateway_db_pool_idle', 'PostgreSQL connections open and idle', (p) => p.idleCount);
    gauge('gateway_db_pool_waiting', 'Queries waiting for a free PostgreSQL connection', (p) => p.waitingCount);
  }
  return {
    registry,
    observeRequest(route, method, status, envelopeCode, seconds) {
      const r = route ?? UNMATCHED_ROUTE;
      requests.inc({ route: r, method, status, code: envelopeCode === null ? NO_ENVELOPE : envelopeCode });
      duration.observe({ route: r, method }, seconds);
    },
    observeBatch(statement, size) {
      batch.observe({ statement }, size);
    },
    observeVital(name, route, value) {
      const { histogram, scale } = vitals[name];
      histogram.observe({ route: routeLabel(route) }, value / scale);
    },
    countPortalError(kind, route) {
      portalErrors.inc({ route: routeLabel(route), kind });
    },
  };
}

/** The metrics listener: `GET /metrics` in Prometheus text, everything else 404. */
export async function listenMetrics(metrics: GatewayMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) =>
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
