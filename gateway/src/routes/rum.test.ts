import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { createTestGateway, type TestGateway } from '../test-helpers';

/** Real-user monitoring through md/sendMq (decision 0062): events become bounded metrics. */
describe('md/sendMq: RUM events', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway({ metricsPort: 9464 });
  });
  afterAll(() => gw.close());

  let address = 0;
  const send = (eventCode: string, payload: unknown) =>
    gw.send('POST', endpoints.sendMq, {
      form: true,
      // An address of its own per event: the budget of decision 0022 is not what this file tests.
      remoteAddress: `198.51.100.${++address}`,
      body: { eventCode, page: '/rights', payload: JSON.stringify(payload) },
    });
  const metric = async (name: string) =>
    (await gw.app.metrics!.registry.getSingleMetric(name)!.get()).values as {
      metricName?: string;
      labels: Record<string, string | number>;
      value: number;
    }[];
  const sample = async (name: string, labels: Record<string, string>) =>
    (await metric(name)).find(
      (v) => v.metricName === `${name}_count` && Object.entries(labels).every(([k, l]) => v.labels[k] === l),
    )?.value;

  it('observes each vital in its histogram, in seconds, by route pattern', async () => {
    expect((await send('rum_vital', { name: 'LCP', value: 1800, route: '/rights' })).json.code).toBe(Code.ok);
    expect((await send('rum_vital', { name: 'INP', value: 64, route: '/rights' })).json.code).toBe(Code.ok);
    expect((await send('rum_vital', { name: 'TTFB', value: 120, route: '/rights' })).json.code).toBe(Code.ok);
    expect((await send('rum_vital', { name: 'CLS', value: 0.02, route: '/rights' })).json.code).toBe(Code.ok);
    expect(await sample('portal_lcp_seconds', { route: '/rights' })).toBe(1);
    const lcpSum = (await metric('portal_lcp_seconds')).find((v) => v.metricName === 'portal_lcp_seconds_sum');
    expect(lcpSum?.value).toBeCloseTo(1.8);
    expect(await sample('portal_inp_seconds', { route: '/rights' })).toBe(1);
    expect(await sample('portal_ttfb_seconds', { route: '/rights' })).toBe(1);
    expect(await sample('portal_cls', { route: '/rights' })).toBe(1);
  });

  it('labels a path that is not a row of the route table (other), so the label set stays bounded', async () => {
    await send('rum_vital', { name: 'LCP', value: 900, route: '/rights/13800138000' });
    await send('rum_error', { kind: 'timeout', hash: '0a1b2c3d', route: '/no-such-screen' });
    expect(await sample('portal_lcp_seconds', { route: '(other)' })).toBe(1);
    expect((await metric('portal_lcp_seconds')).some((v) => v.labels.route === '/rights/13800138000')).toBe(false);
    const errors = await metric('portal_errors_total');
    expect(errors.find((v) => v.labels.route === '(other)' && v.labels.kind === 'timeout')?.value).toBe(1);
  });

  it('counts failures by route pattern and kind', async () => {
    await send('rum_error', { kind: 'chunk', hash: 'ffffffff', route: '/message' });
    await send('rum_error', { kind: 'chunk', hash: '00000001', route: '/message' });
    const errors = await metric('portal_errors_total');
    expect(errors.find((v) => v.labels.route === '/message' && v.labels.kind === 'chunk')?.value).toBe(2);
  });

  it.each([
    ['an unknown vital', 'rum_vital', { name: 'FID', value: 10, route: '/index' }, '性能指标名称不正确'],
    ['a negative value', 'rum_vital', { name: 'LCP', value: -1, route: '/index' }, '性能指标数值不正确'],
    ['a time over 10 minutes', 'rum_vital', { name: 'LCP', value: 600_001, route: '/index' }, '性能指标数值超出范围'],
    ['a CLS over 100', 'rum_vital', { name: 'CLS', value: 101, route: '/index' }, '性能指标数值超出范围'],
    ['an unknown kind', 'rum_error', { kind: 'oops', hash: '0a1b2c3d', route: '/index' }, '错误类型不正确'],
    [
      'message text instead of a hash',
      'rum_error',
      { kind: 'error', hash: 'phone 13800138000', route: '/index' },
      '错误摘要不正确',
    ],
  ])('refuses %s with a 10001, stores and counts nothing', async (_name, eventCode, payload, desc) => {
    const before = (await gw.db.query<{ n: number }>('select count(*)::int as n from analytics_events'))[0].n;
    const portalLines = async () =>
      (await gw.app.metrics!.registry.metrics()).split('\n').filter((line) => line.startsWith('portal_'));
    const text = await portalLines();
    const res = await send(eventCode, payload);
    expect(res.json).toEqual({ code: Code.businessError, desc, obj: null });
    expect((await gw.db.query<{ n: number }>('select count(*)::int as n from analytics_events'))[0].n).toBe(before);
    expect(await portalLines()).toEqual(text);
  });

  it('stores a RUM event like any analytics event', async () => {
    await send('rum_vital', { name: 'INP', value: 48, route: '/mine' });
    const rows = await gw.db.query<{ event_code: string; payload: unknown }>(
      "select event_code, payload from analytics_events where event_code = 'rum_vital' and payload->>'route' = '/mine'",
    );
    expect(rows).toEqual([{ event_code: 'rum_vital', payload: { name: 'INP', value: 48, route: '/mine' } }]);
  });
});
