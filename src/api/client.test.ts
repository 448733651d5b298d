import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { http as mswHttp, HttpResponse } from 'msw';
import { env } from '@/config/env';
import { serverNow } from '@/lib/clock';
import { showToast } from '@/lib/toast';
import { useUserStore } from '@/stores/user';
import { endpoints } from '@contract/endpoints';
import { url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { logInAs } from '../../tests/render';
import { getAgreementStatus } from './agreement';
import { ApiError } from './api-error';
import {
  api,
  fetchUrl,
  getStaticJson,
  http,
  NETWORK_ERROR_TEXT,
  requestsSettled,
  TIMEOUT_TEXT,
  ToastGroup,
} from './client';
import { getNoticeCount } from './notices';
import { updateHead } from './user';

const toast = vi.mocked(showToast);
/**
 * How far two readings of the clock may be apart: a busy machine can take seconds between the
 * answer that sets the offset and the check, and the offsets told apart are ten minutes.
 */
const CLOCK_MARGIN_MS = 60_000;

/** Captures the next request to `path` and answers with `body`. */
function answer(path: string, body: unknown, init?: ResponseInit) {
  const seen: Request[] = [];
  server.use(
    mswHttp.all(url(path), ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(body as object, init);
    }),
  );
  return seen;
}

describe('request headers (docs/product.md §7)', () => {
  it('sends nonce, timestamp, clientType and clientVersion on every call, a new nonce each time', async () => {
    const seen = answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 1 } });
    const before = Date.now();
    await getNoticeCount();
    await getNoticeCount();
    const [a, b] = seen;
    expect(a.headers.get('clientType')).toBe('H5');
    expect(a.headers.get('clientVersion')).toBe('2.2.1');
    expect(a.headers.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(a.headers.get('nonce')).not.toBe(b.headers.get('nonce'));
    const ts = Number(a.headers.get('timestamp'));
    expect(ts).toBeGreaterThanOrEqual(before - 5);
    expect(ts).toBeLessThanOrEqual(Date.now() + 5);
  });

  it('sends Authorization: Bearer only when the token cookie is present', async () => {
    const seen = answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 0 } });
    await getNoticeCount();
    expect(seen[0].headers.get('Authorization')).toBeNull();
    Cookies.set('token', 'abc123', { path: '/' });
    await getNoticeCount();
    expect(seen[1].headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('puts A-calls under the API prefix and the gateway base', async () => {
    const seen = answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 0 } });
    await getNoticeCount();
    expect(new URL(seen[0].url).pathname).toBe('/api/gateway/user/noticeInfo/count');
  });

  it('moves A-calls to another gateway base when the env names one (docs/product.md §9)', async () => {
    const seen = answer('/elsewhere/noticeInfo/count', { code: 200, desc: '', obj: { unreadCount: 0 } });
    const settings = env as { gatewayBase: string };
    const base = settings.gatewayBase;
    settings.gatewayBase = '/elsewhere';
    try {
      await getNoticeCount();
    } finally {
      settings.gatewayBase = base;
    }
    expect(new URL(seen[0].url).pathname).toBe('/api/elsewhere/noticeInfo/count');
    // Only A-calls move: a B-call keeps its own path.
    const b = answer(endpoints.sendMq, { code: 200, desc: '', obj: null });
    settings.gatewayBase = '/elsewhere';
    try {
      await api.post(endpoints.sendMq, {});
    } finally {
      settings.gatewayBase = base;
    }
    expect(new URL(b[0].url).pathname).toBe(`/api${endpoints.sendMq}`);
  });

  it('sends PUT calls with their JSON body', async () => {
    const seen = answer(endpoints.noticeReadAll, { code: 200, desc: '', obj: { updated: 2 } });
    await expect(api.put(endpoints.noticeReadAll, { all: true })).resolves.toEqual({ updated: 2 });
    expect(seen[0].method).toBe('PUT');
    expect(await seen[0].json()).toEqual({ all: true });
  });

  it('sends JSON by default and form-urlencoded for form posts', async () => {
    const form = answer(endpoints.updateHead, { code: 200, desc: '', obj: { headUrl: '/x.png' } });
    await updateHead('data:image/png;base64,AAAA');
    expect(form[0].headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(await form[0].text()).toBe('headImg=data%3Aimage%2Fpng%3Bbase64%2CAAAA');

    const json = answer(endpoints.evaluate, { code: 200, desc: '', obj: null });
    await api.post(endpoints.evaluate, { consumeId: 1, score: 5 });
    expect(json[0].headers.get('Content-Type')).toContain('application/json');
    expect(await json[0].json()).toEqual({ consumeId: 1, score: 5 });
  });

  it('waits 120 s before timing out (docs/product.md §9)', () => {
    expect(http.defaults.timeout).toBe(120_000);
  });
});

describe('GET a given url (docs/product.md §7)', () => {
  it('fetches outside the API prefix, with the headers, and returns the body as it is', async () => {
    const seen = answer('/media/banner.json', { any: 'thing' });
    expect(await fetchUrl('/media/banner.json')).toEqual({ any: 'thing' });
    expect(new URL(seen[0].url).pathname).toBe('/media/banner.json');
    expect(seen[0].headers.get('nonce')).toMatch(/^[0-9a-f-]{16,}$/i);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('static files (docs/product.md §7)', () => {
  it('reads /jsons/{name}.json outside the API prefix, with its query, as the file is', async () => {
    const seen = answer('/jsons/agreements.json', { code: 500, desc: '不是信封', obj: null });
    await expect(getStaticJson('agreements', { v: 2 })).resolves.toEqual({ code: 500, desc: '不是信封', obj: null });
    expect(new URL(seen[0].url).pathname).toBe('/jsons/agreements.json');
    expect(new URL(seen[0].url).searchParams.get('v')).toBe('2');
    expect(seen[0].method).toBe('GET');
    expect(toast).not.toHaveBeenCalled();
  });

  it('does not read a fetched file that looks like an envelope as one', async () => {
    answer('/media/status.json', { code: 500, desc: '不是信封', obj: null });
    await expect(fetchUrl('/media/status.json')).resolves.toMatchObject({ code: 500 });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('the first calls wait for the gateway time (docs/product.md §8.3)', () => {
  afterEach(() => {
    delete window.__early?.date;
  });

  it('stamps an API call with the time the early response brought', async () => {
    let arrive!: (date: string) => void;
    (window.__early ??= {}).date = new Promise((resolve) => (arrive = resolve));
    const seen = answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 0 } });
    const ahead = Date.now() + 10 * 60 * 1000;
    const call = getNoticeCount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    arrive(new Date(ahead).toUTCString());
    await call;
    expect(Math.abs(Number(seen[0].headers.get('timestamp')) - ahead)).toBeLessThan(5000);
  });

  it('lets a static file go without waiting: it is what brings the time', async () => {
    let arrive!: (date: string) => void;
    (window.__early ??= {}).date = new Promise((resolve) => (arrive = resolve));
    const seen = answer('/media/banner.json', { any: 'thing' });
    const call = fetchUrl('/media/banner.json');
    await new Promise((resolve) => setTimeout(resolve, 0));
    arrive(new Date(Date.now() + 10 * 60 * 1000).toUTCString());
    await call;
    expect(Math.abs(Number(seen[0].headers.get('timestamp')) - Date.now())).toBeLessThan(5000);
  });
});

describe('response policy (docs/product.md §8)', () => {
  it('passes a body that is not an envelope through as it is', async () => {
    server.use(mswHttp.get(url(endpoints.noticeCount), () => new HttpResponse('ok', { status: 200 })));
    await expect(http.get(endpoints.noticeCount).then((r) => r.data)).resolves.toBe('ok');
    expect(toast).not.toHaveBeenCalled();
  });

  it('passes a null body through as it is', async () => {
    answer(endpoints.noticeCount, null);
    await expect(http.get(endpoints.noticeCount).then((r) => r.data)).resolves.toBeNull();
  });

  it('passes 200 through without a toast: the endpoint function gives obj', async () => {
    answer(endpoints.noticeCount, { code: 200, desc: '成功', obj: { unreadCount: 3 } });
    await expect(getNoticeCount()).resolves.toEqual({ unreadCount: 3 });
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([401, 500])('toasts desc for 2 s on %i and still passes the response on', async (code) => {
    answer(endpoints.noticeCount, { code, desc: '出错了', obj: null });
    await expect(http.get(endpoints.noticeCount).then((r) => r.data)).resolves.toMatchObject({ code, desc: '出错了' });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('出错了', 2000);
  });

  it('toasts desc on 10001 and passes the response on', async () => {
    answer(endpoints.noticeCount, { code: 10001, desc: '该服务已评价', obj: null });
    await expect(http.get(endpoints.noticeCount).then((r) => r.data)).resolves.toMatchObject({ code: 10001 });
    expect(toast).toHaveBeenCalledWith('该服务已评价', 2000);
  });

  it('passes any other code on silently', async () => {
    answer(endpoints.noticeCount, { code: 302, desc: '别的', obj: null });
    await expect(http.get(endpoints.noticeCount).then((r) => r.data)).resolves.toMatchObject({ code: 302 });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('endpoint functions give obj or throw an ApiError (docs/product.md §12.12)', () => {
  it.each([
    [500, '服务繁忙，请稍后重试', null, undefined],
    [10001, '该服务已评价', null, undefined],
    [302, '别的', null, undefined],
    [401, '登录已过期，请重新登录', { reason: 'token-expired' }, 'token-expired'],
  ])(
    'throws ApiError(code %i, desc, reason) after the policy, toasting at most once',
    async (code, desc, obj, reason) => {
      answer(endpoints.noticeCount, { code, desc, obj });
      const error = await getNoticeCount().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code, desc, reason });
      expect(toast.mock.calls.length).toBe(code === 302 ? 0 : 1);
    },
  );

  it('tells a refusal and a server fault apart without reading codes', () => {
    expect(new ApiError(10001, '该服务已评价')).toMatchObject({ refused: true, serverFault: false });
    expect(new ApiError(500, '服务繁忙')).toMatchObject({ refused: false, serverFault: true });
  });

  it('lets a transport failure through as it was (toasted once), not as an ApiError', async () => {
    server.use(mswHttp.get(url(endpoints.noticeCount), () => HttpResponse.error()));
    const error = await getNoticeCount().catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('toasts an HTTP error envelope desc and rejects', async () => {
    answer(endpoints.noticeCount, { code: 404, desc: '请求的地址不存在', obj: null }, { status: 404 });
    await expect(getNoticeCount()).rejects.toThrow();
    expect(toast).toHaveBeenCalledWith('请求的地址不存在', 2000);
  });

  it('toasts the network error text for an HTTP error without an envelope, and rejects', async () => {
    server.use(mswHttp.get(url(endpoints.noticeCount), () => new HttpResponse('bad gateway', { status: 502 })));
    await expect(getNoticeCount()).rejects.toThrow();
    expect(toast).toHaveBeenCalledWith(NETWORK_ERROR_TEXT, 2000);
  });

  it('toasts the network error text when the network fails, and rejects', async () => {
    server.use(mswHttp.get(url(endpoints.noticeCount), () => HttpResponse.error()));
    await expect(getNoticeCount()).rejects.toThrow();
    expect(toast).toHaveBeenCalledWith(NETWORK_ERROR_TEXT, 2000);
  });

  it('toasts the timeout text when the call times out, and rejects', async () => {
    // msw's XHR interception does not honour axios' timer, so the adapter raises what axios
    // raises when its 120 s timer fires; the interceptors under test are the real ones.
    const timedOut = (config: InternalAxiosRequestConfig) =>
      Promise.reject(new AxiosError('timeout of 120000ms exceeded', AxiosError.ECONNABORTED, config));
    await expect(http.get(endpoints.noticeCount, { adapter: timedOut })).rejects.toThrow('timeout');
    expect(toast).toHaveBeenCalledWith(TIMEOUT_TEXT, 2000);
  });

  it('toasts the timeout text when the connection times out too', async () => {
    const timedOut = (config: InternalAxiosRequestConfig) =>
      Promise.reject(new AxiosError('timeout exceeded', AxiosError.ETIMEDOUT, config));
    await expect(http.get(endpoints.noticeCount, { adapter: timedOut })).rejects.toThrow('timeout');
    expect(toast).toHaveBeenCalledWith(TIMEOUT_TEXT, 2000);
  });

  it('toasts once for the calls of one toast group', async () => {
    server.use(mswHttp.post(url(endpoints.sendMq), () => HttpResponse.error()));
    const group = new ToastGroup();
    const calls = [1, 2].map(() => http.post(endpoints.sendMq, {}, { toastGroup: group }));
    await Promise.allSettled(calls);
    expect(toast).toHaveBeenCalledTimes(1);
    await http.post(endpoints.sendMq, {}, { toastGroup: new ToastGroup() }).catch(() => undefined);
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it('swallows agreement call failures silently', async () => {
    server.use(mswHttp.get(url(endpoints.agreement), () => HttpResponse.error()));
    await expect(getAgreementStatus()).rejects.toThrow();
    answer(endpoints.agreement, { code: 500, desc: '服务繁忙', obj: null });
    await expect(getAgreementStatus()).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('concurrent identical GETs (decision 0029)', () => {
  it('share one request and its answer; a later call sends again', async () => {
    const seen = answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 2 } });
    const [a, b] = await Promise.all([getNoticeCount(), getNoticeCount()]);
    expect(a).toEqual({ unreadCount: 2 });
    expect(b).toEqual({ unreadCount: 2 });
    expect(seen).toHaveLength(1);
    await getNoticeCount();
    expect(seen).toHaveLength(2);
  });

  it('share a refusal too: both calls get the ApiError, the toast shows once', async () => {
    const seen = answer(endpoints.noticeCount, { code: 500, desc: '服务繁忙，请稍后重试', obj: null });
    const results = await Promise.allSettled([getNoticeCount(), getNoticeCount()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(seen).toHaveLength(1);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('do not share between different queries or sessions', async () => {
    const seen = answer(endpoints.rightsList, { code: 200, desc: '', obj: [] });
    await Promise.all([api.get(endpoints.rightsList, { status: 'available' }), api.get(endpoints.rightsList)]);
    expect(seen).toHaveLength(2);
    await Promise.all([
      api.get(endpoints.rightsList, { status: 'used' }),
      api.get(endpoints.rightsList, { status: 'expired' }),
    ]);
    expect(seen).toHaveLength(4);
    const first = api.get(endpoints.rightsList);
    Cookies.set('token', 'another', { path: '/' });
    await Promise.all([first, api.get(endpoints.rightsList)]);
    expect(seen).toHaveLength(6);
    const second = api.get(endpoints.rightsList);
    Cookies.set('token', 'a-third', { path: '/' });
    await Promise.all([second, api.get(endpoints.rightsList)]);
    expect(seen).toHaveLength(8);
  });

  it('do not share a call that brings its own abort signal', async () => {
    const seen = answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 1 } });
    const { signal } = new AbortController();
    await Promise.all([getNoticeCount(), api.get(endpoints.noticeCount, undefined, { signal })]);
    expect(seen).toHaveLength(2);
  });
});

describe('requestsSettled', () => {
  it('waits for every request sent, shared GETs and posts alike', async () => {
    answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 1 } });
    answer(endpoints.evaluate, { code: 200, desc: '', obj: null });
    const done: string[] = [];
    void getNoticeCount().then(() => done.push('get'));
    void api.post(endpoints.evaluate, { consumeId: 1, score: 5 }).then(() => done.push('post'));
    await requestsSettled();
    expect(done.sort()).toEqual(['get', 'post']);
  });

  it('waits for a post alone', async () => {
    answer(endpoints.evaluate, { code: 200, desc: '', obj: null });
    let done = false;
    void api.post(endpoints.evaluate, { consumeId: 1, score: 5 }).then(() => (done = true));
    await requestsSettled();
    expect(done).toBe(true);
  });
});

describe('401 (docs/product.md §8.3)', () => {
  it.each(['no-token', 'token-expired'])('clears the session on %s', async (reason) => {
    logInAs('13800138000');
    answer(endpoints.noticeCount, { code: 401, desc: '登录已过期，请重新登录', obj: { reason } });
    await expect(getNoticeCount()).rejects.toBeInstanceOf(ApiError);
    expect(useUserStore.getState().token).toBe('');
    expect(useUserStore.getState().userInfo).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('keeps a newer session: a late 401 to a request sent before the login does not log out', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const sent = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      mswHttp.all(url(endpoints.noticeCount), async () => {
        arrived();
        await released;
        return HttpResponse.json({ code: 401, desc: '请先登录', obj: { reason: 'no-token' } });
      }),
    );
    const sentLoggedOut = getNoticeCount();
    await sent;
    logInAs('13800138000');
    release();
    await expect(sentLoggedOut).rejects.toBeInstanceOf(ApiError);
    expect(useUserStore.getState().token).not.toBe('');
    expect(Cookies.get('token')).toBe(useUserStore.getState().token);
  });

  it('clears a session whose cookie expired while the page was open', async () => {
    logInAs('13800138000');
    Cookies.remove('token', { path: '/' });
    const seen = answer(endpoints.noticeCount, { code: 401, desc: '请先登录', obj: { reason: 'no-token' } });
    await expect(getNoticeCount()).rejects.toBeInstanceOf(ApiError);
    expect(seen[0].headers.get('Authorization')).toBeNull();
    expect(useUserStore.getState().userInfo).toBeNull();
    expect(useUserStore.getState().token).toBe('');
  });

  it('keeps the session on a replay refusal, and its clock', async () => {
    logInAs('13800138000');
    answer(endpoints.noticeCount, { code: 401, desc: '请求重复，请稍后重试', obj: { reason: 'replay' } });
    await expect(getNoticeCount()).rejects.toMatchObject({ reason: 'replay' });
    expect(useUserStore.getState().token).not.toBe('');
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(CLOCK_MARGIN_MS);
  });

  it('keeps its clock on a clock refusal that names no server time', async () => {
    answer(endpoints.noticeCount, { code: 401, desc: '设备时间异常，请校准后重试', obj: { reason: 'clock' } });
    await expect(getNoticeCount()).rejects.toMatchObject({ reason: 'clock' });
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(CLOCK_MARGIN_MS);
  });

  it('corrects its clock from a clock refusal, so the next timestamp is the gateway time', async () => {
    const serverTime = Date.now() + 10 * 60 * 1000;
    answer(endpoints.noticeCount, {
      code: 401,
      desc: '设备时间异常，请校准后重试',
      obj: { reason: 'clock', serverTime },
    });
    await expect(getNoticeCount()).rejects.toMatchObject({ code: 401, reason: 'clock' });
    expect(toast).toHaveBeenCalledWith('设备时间异常，请校准后重试', 2000);
    expect(Math.abs(serverNow() - (Date.now() + 10 * 60 * 1000))).toBeLessThan(CLOCK_MARGIN_MS);

    // The next request already sends the gateway's time as its timestamp.
    const next = answer(endpoints.noticeCount, { code: 200, desc: '', obj: { unreadCount: 0 } });
    await getNoticeCount();
    expect(Math.abs(Number(next[0].headers.get('timestamp')) - (Date.now() + 10 * 60 * 1000))).toBeLessThan(
      CLOCK_MARGIN_MS,
    );
  });
});
