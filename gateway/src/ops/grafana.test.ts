import { readFileSync } from 'node:fs';
import { createMetrics } from './metrics';

/** The dashboard of docs/operations.md ("Dashboard") reads only metrics the gateway exposes. */
describe('ops/grafana/portal.json', () => {
  const dashboard = JSON.parse(readFileSync('ops/grafana/portal.json', 'utf8')) as {
    panels: { targets?: { expr: string }[] }[];
  };
  const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));

  it('names only metrics the gateway registers', async () => {
    const registered = new Set(
      (await createMetrics({ pool: { totalCount: 0, idleCount: 0, waitingCount: 0 } }).registry.getMetricsAsJSON()).map(
        (metric) => metric.name,
      ),
    );
    const used = new Set(
      exprs
        .flatMap((expr) => expr.match(/\b(?:portal|gateway|nodejs)_[a-z0-9_]+/g) ?? [])
        .map((name) => name.replace(/_(?:bucket|count|sum)$/, '')),
    );
    expect([...used].filter((name) => !registered.has(name))).toEqual([]);
    expect(used).toContain('portal_lcp_seconds');
    expect(used).toContain('gateway_http_request_duration_seconds');
  });

  it("shows the customers' p75 LCP, INP and CLS by route", () => {
    for (const metric of ['portal_lcp_seconds', 'portal_inp_seconds', 'portal_cls'])
      expect(exprs).toContain(
        `histogram_quantile(0.75, sum by (le, route) (rate(${metric}_bucket[$__rate_interval])))`,
      );
  });
});
