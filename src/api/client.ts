import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { REQUEST_TIMEOUT_MS, TOAST_DURATION_MS } from '@/config/constants';
import { env } from '@/config/env';
import { clockSettled, observeDateHeader, serverNow, syncServerTime } from '@/lib/clock';
import { getTokenCookie } from '@/lib/cookie';
import { createNonce } from '@/lib/nonce';
import { reportFailure } from '@/lib/rum-errors';
import { showToast } from '@/lib/toast';
import { loggedOut } from '@/stores/user';
import { Code, type UnauthorizedReason } from '@contract/codes';
import { A, CLIENT_TYPE, CLIENT_VERSION, endpoints, Header } from '@contract/endpoints';
import type { Envelope, UnauthorizedObj } from '@contract/types';
import { objOf } from './api-error';

/**
 * THE request client (docs/style.md §3). Every call of docs/product.md §7 goes through here, and the policy of
 * docs/product.md §8 lives here and nowhere else:
 *  - 200 passed through; 401 and 500 toast `desc` for 2 s and are still passed on;
 *    10001 toasts `desc`; any other code is passed on silently;
 *  - a network or HTTP error toasts and rejects.
 * The typed helpers below then give the endpoint functions `obj`, or throw an ApiError for any
 * other code (docs/product.md §12.12): the toast and the 401 flow have already happened.
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send as application/x-www-form-urlencoded (docs/product.md §7: posts flagged as form data). */
    form?: boolean;
    /** No toast at all: docs/product.md §8 "agreement calls failing: swallowed silently". */
    silent?: boolean;
    /**
     * Calls sharing one group show at most one toast between them: an analytics batch whose
     * events all fail toasts once (docs/product.md §8.2: never doubled).
     */
    toastGroup?: ToastGroup;
    /** The response is a static file, not an envelope (`/jsons/*`). */
    raw?: boolean;
  }
}

/**
 * Several calls that toast as one (`toastGroup`). A class, not a plain object: axios copies
 * plain objects of a request's config, and the calls must share this one.
 */
export class ToastGroup {
  toasted = false;
}

export const NETWORK_ERROR_TEXT = '网络异常，请稍后重试';
export const TIMEOUT_TEXT = '请求超时，请稍后重试';

const reasonsThatEndTheSession: readonly UnauthorizedReason[] = ['no-token', 'token-expired'];

export const http = axios.create({
  baseURL: env.apiPrefix,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
});

http.interceptors.request.use(async (config) => {
  // An API call's timestamp waits for the home's first response to set the clock (docs/product.md §8.3);
  // static files are not checked and are what brings that first Date header.
  if (!config.raw) await clockSettled();
  // docs/product.md §9: prefix A is the production gateway base; an env value may move it.
  if (config.url?.startsWith(`${A}/`) && env.gatewayBase !== A) {
    config.url = env.gatewayBase + config.url.slice(A.length);
  }
  config.headers.set(Header.nonce, createNonce());
  config.headers.set(Header.timestamp, String(serverNow()));
  config.headers.set(Header.clientType, CLIENT_TYPE);
  config.headers.set(Header.clientVersion, CLIENT_VERSION);
  // docs/product.md §6: the bearer token is taken from the cookie.
  const token = getTokenCookie();
  if (token) config.headers.set(Header.authorization, `Bearer ${token}`);
  if (config.form) {
    config.headers.set('Content-Type', 'application/x-www-form-urlencoded');
    if (config.data && !(config.data instanceof URLSearchParams)) {
      config.data = new URLSearchParams(config.data as Record<string, string>);
    }
  }
  return config;
});

function toast(config: AxiosRequestConfig | undefined, text: string, duration = TOAST_DURATION_MS) {
  if (config?.silent || !text) return;
  const group = config?.toastGroup;
  if (group?.toasted) return;
  if (group) group.toasted = true;
  void showToast(text, duration);
}

function sentWithCurrentSession(config: InternalAxiosRequestConfig): boolean {
  const sent = config.headers.get(Header.authorization);
  const token = getTokenCookie();
  return (typeof sent === 'string' ? sent : '') === (token ? `Bearer ${token}` : '');
}

function isEnvelope(data: unknown): data is Envelope {
  return typeof data === 'object' && data !== null && 'code' in data;
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    observeDateHeader(response.headers?.date as string | undefined);
    const { data, config } = response;
    if (config.raw || !isEnvelope(data)) return response;
    switch (data.code) {
      case Code.ok:
        break;
      case Code.unauthorized: {
        // docs/product.md §8: toast desc for 2 s; the response is still passed on.
        toast(config, data.desc);
        const obj = data.obj as UnauthorizedObj | null;
        if (obj?.reason === 'clock' && typeof obj.serverTime === 'number') syncServerTime(obj.serverTime);
        // docs/product.md §8.3: a dead session is cleared so the next tab tap leads to login — the
        // session the request was sent with: a late answer to a request sent before a new login
        // (or while logged out) must not end the new session.
        if (obj && reasonsThatEndTheSession.includes(obj.reason) && sentWithCurrentSession(config)) loggedOut();
        break;
      }
      case Code.serverError:
        toast(config, data.desc);
        break;
      case Code.businessError:
        toast(config, data.desc);
        break;
      default:
        // docs/product.md §8: any other code is passed on silently.
        break;
    }
    return response;
  },
  (error: AxiosError) => {
    observeDateHeader(error.response?.headers?.date as string | undefined);
    const body = error.response?.data;
    const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
    if (isEnvelope(body) && body.desc) toast(error.config, body.desc);
    else if (timedOut) toast(error.config, TIMEOUT_TEXT);
    else toast(error.config, NETWORK_ERROR_TEXT);
    // A call without an answer is a real-user failure (decision 0062): the method and path only,
    // never the query or body. An analytics call's own failure is not: it would report itself.
    const url = error.config?.url;
    if (!error.response && error.code !== AxiosError.ERR_CANCELED && url && url !== endpoints.sendMq)
      reportFailure(timedOut ? 'timeout' : 'network', `${error.config?.method ?? 'get'} ${url}`);
    return Promise.reject(error);
  },
);

type Params = Record<string, string | number | boolean | undefined>;
type Options = Pick<AxiosRequestConfig, 'silent' | 'signal'>;

/** This client's requests not yet settled (see `requestsSettled`). */
const unsettled = new Set<Promise<unknown>>();

function request<T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> {
  const sent = http.request<T>(config);
  unsettled.add(sent);
  const done = () => unsettled.delete(sent);
  sent.then(done, done);
  return sent;
}

async function send<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await request<Envelope<T>>(config);
  return objOf(response.data);
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Concurrent identical GETs share one request, its answer and its toast (decision 0029): the
 * same path, query, token and silence. A call with its own abort signal goes alone.
 */
function sharedGet<T>(url: string, params?: Params, options?: Options): Promise<T> {
  if (options?.signal) return send<T>({ method: 'GET', url, params, ...options });
  const key = JSON.stringify([url, params ?? {}, getTokenCookie() ?? '', Boolean(options?.silent)]);
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const request = send<T>({ method: 'GET', url, params, ...options }).finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}

/** Typed helpers used by the endpoint modules: each resolves to `obj` or throws an ApiError. */
export const api = {
  get: sharedGet,
  post: <T>(url: string, data?: unknown, options?: Options) => send<T>({ method: 'POST', url, data, ...options }),
  postForm: <T>(url: string, data: Record<string, string>, options?: Options) =>
    send<T>({ method: 'POST', url, data, form: true, ...options }),
  put: <T>(url: string, data?: unknown, options?: Options) => send<T>({ method: 'PUT', url, data, ...options }),
};

/** GET `/jsons/{name}.json`: a static file, not enveloped, outside the API prefix (docs/product.md §7). */
export async function getStaticJson<T>(name: string, params?: Params): Promise<T> {
  const response = await request<T>({ method: 'GET', url: `/jsons/${name}.json`, baseURL: '', params, raw: true });
  return response.data;
}

/** docs/product.md §7 "GET a given url": an arbitrary fetch, through the same policy. */
export async function fetchUrl<T>(url: string): Promise<T> {
  const response = await request<T>({ method: 'GET', url, baseURL: '', raw: true });
  return response.data;
}

/**
 * Resolves once every request sent so far has been answered and its toast and 401 flow have
 * run. The tests wait for it between cases: a late answer would otherwise land in the next one.
 */
export async function requestsSettled(): Promise<void> {
  while (unsettled.size || inFlight.size) await Promise.allSettled([...unsettled, ...inFlight.values()]);
}
