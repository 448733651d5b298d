import { http, HttpResponse } from 'msw';
import { showToast } from '@/lib/toast';
import { endpoints } from '@contract/endpoints';
import { db } from '../../tests/mocks/db';
import { envelope, formBody, ok, url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { renderScreen } from '../../tests/render';
import { flush, queuedEvents, resetTracking, track } from './track';

beforeEach(() => {
  resetTracking();
});
afterEach(() => {
  resetTracking();
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it.each([
    ['a network failure', () => HttpResponse.error(), '网络异常，请稍后重试'],
    ['an HTTP 500', () => new HttpResponse('boom', { status: 500 }), '网络异常，请稍后重试'],
    [
      'an HTTP 413 envelope',
      () => HttpResponse.json(envelope(413, '请求内容过大', null), { status: 413 }),
      '请求内容过大',
    ],
    ['a 500 envelope', () => HttpResponse.json(envelope(500, '服务繁忙，请稍后重试', null)), '服务繁忙，请稍后重试'],
    ['a 10001 envelope', () => HttpResponse.json(envelope(10001, '事件编码不正确', null)), '事件编码不正确'],
  ])('toasts a failing batch once by docs/product.md §8 and never retries, on %s', async (_name, answer, text) => {
    let calls = 0;
    server.use(
      http.post(url(endpoints.sendMq), () => {
        calls += 1;
        return answer();
      }),
    );
    track('tap_use_right', { rightId: 1 });
    track('page_view');
    await flush();
    expect(calls).toBe(2);
    expect(queuedEvents()).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(2);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(text, 2000);
  });

  it('stays silent on a code docs/product.md §8 passes on silently', async () => {
    server.use(http.post(url(endpoints.sendMq), () => HttpResponse.json(envelope(403, '其他', null))));
    track('page_view');
    await flush();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('toasts each failing batch once: a later batch may toast again', async () => {
    server.use(http.post(url(endpoints.sendMq), () => HttpResponse.error()));
    track('page_view');
    track('tap_use_right');
    await flush();
    track('page_view');
    await flush();
    expect(showToast).toHaveBeenCalledTimes(2);
  });

  it('sends one event at a time as form data, page and indexCode included', async () => {
    let inFlight = 0;
    let most = 0;
    const bodies: Record<string, string>[] = [];
    server.use(
      http.post(url(endpoints.sendMq), async ({ request }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        expect(request.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
        bodies.push(await formBody(request));
        await new Promise((r) => setTimeout(r, 20));
        inFlight -= 1;
        return ok(null);
      }),
    );
    track('tap_use_right', { rightId: 3 }, { page: '/rights', indexCode: 'ebt' });
    track('page_view', {}, { page: '/message', indexCode: 'index' });
    track('page_view', {}, { page: '/mine', indexCode: 'index' });
    await Promise.all([flush(), flush()]);
    expect(most).toBe(1);
    expect(bodies).toEqual([
      { eventCode: 'tap_use_right', page: '/rights', indexCode: 'ebt', payload: '{"rightId":3}' },
      { eventCode: 'page_view', page: '/message', indexCode: 'index', payload: '{}' },
      { eventCode: 'page_view', page: '/mine', indexCode: 'index', payload: '{}' },
    ]);
  });

  it('keeps payloads within 2 KB', async () => {
    track('tap_big', { text: '长'.repeat(2000) });
    expect(queuedEvents()[0].payload).toBe('{"truncated":true}');
  });

  it('waits while offline and sends when the connection returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let calls = 0;
    server.use(
      http.post(url(endpoints.sendMq), () => {
        calls += 1;
        return ok(null);
      }),
    );
    track('page_view', {}, { page: '/index' });
    await flush();
    expect(calls).toBe(0);
    expect(queuedEvents()).toHaveLength(1);
    expect(showToast).not.toHaveBeenCalled();
    online.mockReturnValue(true);
    await flush();
    expect(calls).toBe(1);
  });

  it('records a page view for each navigation of the app', async () => {
    renderScreen('/message');
    await vi.waitFor(
      () => expect(db.events.some((e) => e.eventCode === 'page_view' && e.page === '/message')).toBe(true),
      { timeout: 30_000 },
    );
    expect(db.events.filter((e) => e.page === '/message')).toHaveLength(1);
    expect(showToast).not.toHaveBeenCalled();
  });
});
