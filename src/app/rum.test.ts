// @vitest-environment jsdom
// jsdom: happy-dom's Request drops `keepalive`, which these tests read (decision 0066).
import { http as mock, HttpResponse } from 'msw';
import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import { http } from '@/api/client';
import { installFailureListeners, reportFailure, resetFailures } from '@/lib/rum-errors';
import { showToast } from '@/lib/toast';
import { flush, queuedEvents, resetTracking } from '@/lib/track';
import { endpoints } from '@contract/endpoints';
import { ROUTE_PATTERNS } from '@contract/rum';
import { envelope, formBody, url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { routes } from './routes';
import { hashOf, routePatternOf, startRum } from './rum';

// web-vitals measures nothing in jsdom: each reporter hands over one value at once.
vi.mock('web-vitals', () => {
  const vital = (name: string, value: number) => (report: (metric: { name: string; value: number }) => void) =>
    report({ name, value });
  return {
    onTTFB: vi.fn(vital('TTFB', 212.4)),
    onLCP: vi.fn(vital('LCP', 1834.6)),
    onINP: vi.fn(vital('INP', 56)),
    onCLS: vi.fn(vital('CLS', 0.012345)),
  };
});

beforeEach(() => {
  vi.clearAllMocks();
  resetTracking();
  resetFailures();
});
afterEach(() => {
  resetTracking();
  resetFailures();
  vi.restoreAllMocks();
});

describe('real-user monitoring', () => {
  it('knows the route table: the gateway labels only these patterns', () => {
    expect(routes.map((route) => route.path)).toEqual([...ROUTE_PATTERNS]);
  });

  it('names a path by its route pattern, never the path itself', () => {
    expect(routePatternOf('/rights')).toBe('/rights');
    expect(routePatternOf('/portal/agreement/user/v3')).toBe('/portal/agreement/user/:version');
    expect(routePatternOf('/rights/13800138000')).toBe('(other)');
  });

  it('hashes a message to 8 hex digits, the same failure with other numbers alike', () => {
    expect(hashOf('TypeError: no user 13800138000')).toMatch(/^[0-9a-f]{8}$/);
    expect(hashOf('TypeError: no user 13800138000')).toBe(hashOf('TypeError: no user 13900139000'));
    expect(hashOf('TypeError: a')).not.toBe(hashOf('TypeError: b'));
  });

  it("queues the page load's four vitals on its route pattern, and failures by kind and hash", () => {
    window.history.replaceState(null, '', '/portal/agreement/user/v3?token=secret');
    reportFailure('timeout', 'get /gateway/user/rights/list');
    startRum({ measure: true });
    const events = queuedEvents().map((e) => ({
      eventCode: e.eventCode,
      page: e.page,
      payload: JSON.parse(e.payload),
    }));
    const route = '/portal/agreement/user/:version';
    expect(events).toEqual([
      {
        eventCode: 'rum_error',
        page: route,
        payload: { kind: 'timeout', hash: hashOf('get /gateway/user/rights/list'), route },
      },
      { eventCode: 'rum_vital', page: route, payload: { name: 'TTFB', value: 212, route } },
      { eventCode: 'rum_vital', page: route, payload: { name: 'LCP', value: 1835, route } },
      { eventCode: 'rum_vital', page: route, payload: { name: 'INP', value: 56, route } },
      { eventCode: 'rum_vital', page: route, payload: { name: 'CLS', value: 0.0123, route } },
    ]);
    expect(JSON.stringify(queuedEvents())).not.toMatch(/secret|token|rights\/list/);
  });

  it('measures nothing on a page load outside the sample, and still reports failures', () => {
    startRum({ measure: false });
    expect(onLCP).not.toHaveBeenCalled();
    expect(onINP).not.toHaveBeenCalled();
    expect(onCLS).not.toHaveBeenCalled();
    expect(onTTFB).not.toHaveBeenCalled();
    reportFailure('chunk', 'Failed to fetch dynamically imported module');
    expect(queuedEvents().map((e) => e.eventCode)).toEqual(['rum_error']);
  });

  it('starts with a bare error event reported before it (no message, no error), and reports it', () => {
    window.history.replaceState(null, '', '/rights');
    installFailureListeners();
    window.dispatchEvent(new Event('error'));
    expect(() => startRum({ measure: false })).not.toThrow();
    expect(queuedEvents().map((e) => JSON.parse(e.payload) as unknown)).toEqual([
      { kind: 'error', hash: hashOf('Event: error'), route: '/rights' },
    ]);
  });

  it('reports each failure once, and at most five a page load', () => {
    startRum({ measure: false });
    for (let i = 0; i < 3; i++) reportFailure('error', 'same');
    for (let i = 0; i < 10; i++) reportFailure('error', `other ${i}`);
    expect(queuedEvents()).toHaveLength(5);
  });

  it('reports a call without an answer by its method and path only; an answered error is not one', async () => {
    server.use(
      mock.get(url(endpoints.noticeCount), () => HttpResponse.error()),
      mock.get(url(endpoints.rightsList), () => new HttpResponse('boom', { status: 502 })),
    );
    startRum({ measure: false });
    await http.get(endpoints.noticeCount, { params: { phone: '13800138000' } }).catch(() => undefined);
    await http.get(endpoints.rightsList).catch(() => undefined);
    const payloads = queuedEvents().map((event) => JSON.parse(event.payload) as Record<string, string>);
    expect(payloads.map(({ kind, hash }) => ({ kind, hash }))).toEqual([
      { kind: 'network', hash: hashOf(`get ${endpoints.noticeCount}`) },
    ]);
  });

  it.each([
    ['refused (10001)', () => HttpResponse.json(envelope(10001, '性能指标数值超出范围', null)), '性能指标数值超出范围'],
    ['failed (no answer)', () => HttpResponse.error(), '网络异常，请稍后重试'],
  ])('drops a %s report after the batch’s one attempt: no retry, one toast', async (_name, answer, text) => {
    const sent: string[] = [];
    server.use(
      mock.post(url(endpoints.sendMq), async ({ request }) => {
        sent.push(String((await formBody(request)).eventCode));
        return answer();
      }),
    );
    startRum({ measure: true });
    await flush();
    expect(sent).toEqual(['rum_vital', 'rum_vital', 'rum_vital', 'rum_vital']);
    expect(queuedEvents()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await flush();
    expect(sent).toHaveLength(4);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(text, 2000);
  });

  it('sends what is reported while the page is hidden at once, with keepalive, one toast for the hidden spell', async () => {
    const sent: { eventCode: string; keepalive: boolean }[] = [];
    server.use(
      mock.post(url(endpoints.sendMq), async ({ request }) => {
        sent.push({ eventCode: String((await formBody(request)).eventCode), keepalive: request.keepalive });
        return HttpResponse.error();
      }),
    );
    // The sender is loaded by the first event, as on a page that has been open a while.
    reportFailure('network', 'get /gateway/user/noticeInfo/count');
    startRum({ measure: false });
    await flush();
    vi.mocked(showToast).mockClear();
    sent.length = 0;
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    // Node's fetch (the keepalive path) takes absolute addresses only; a browser resolves the page's.
    const baseURL = http.defaults.baseURL;
    http.defaults.baseURL = `${window.location.origin}${baseURL}`;
    onTestFinished(() => void (http.defaults.baseURL = baseURL));
    document.dispatchEvent(new Event('visibilitychange'));
    reportFailure('error', 'TypeError: late');
    reportFailure('rejection', 'Error: later');
    await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([
      { eventCode: 'rum_error', keepalive: true },
      { eventCode: 'rum_error', keepalive: true },
    ]);
    expect(queuedEvents()).toHaveLength(0);
    expect(showToast).toHaveBeenCalledTimes(1);
  });
});
