/**
 * Steps the end-to-end journeys share: logging in through the real stand-in SSO,
 * sessions reused across files (the SSO rate-limits SMS codes per phone and per IP), the
 * admin call a service provider makes, and waiting for a screen to settle.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { UserState } from '../../src/stores/user';
import { baseUrl, launchBrowser, newPhone } from './browser';

/** docs/product.md §10 demo accounts. */
export const DEMO = {
  /** Rights 1–8 in all states, consumptions 1–8, notices 1–14. */
  customer: '13800138000',
  /** promoterId P100239, agentId A9001. */
  agent: '13900139000',
  /** A customer with no rights. */
  noRights: '13700137000',
} as const;

/**
 * A mainland mobile number no demo account uses (15x…), so the SSO makes a new customer of
 * it. Random, because test files run in separate workers and share one gateway.
 */
export function freshPhone(): string {
  return `15${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** POST /sso/sms as the SSO page does; returns the code shown in demo mode. */
export async function smsCode(phone: string, base = baseUrl()): Promise<string> {
  const response = await fetch(`${base}/sso/sms`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone }),
  });
  const envelope = (await response.json()) as { code: number; desc: string; obj?: { demoCode?: string } };
  if (envelope.code !== 200 || !envelope.obj?.demoCode)
    throw new Error(`/sso/sms for ${phone}: ${JSON.stringify(envelope)}`);
  return envelope.obj.demoCode;
}

/**
 * The SSO's form post without the page (docs/product.md §7.6: POST /sso/login → 302): the Location it
 * answers, `redirectUrl` as given with `ticket` and `data` added (and the WeChat profile with
 * its sign when `wx`). `base`: another gateway than the suite's.
 */
export async function ssoLocation(
  phone: string,
  { redirectUrl = '', data = 'index', base = baseUrl(), wx = false } = {},
): Promise<URL> {
  const code = await smsCode(phone, base);
  const form = new URLSearchParams({
    phone,
    code,
    redirect_url: redirectUrl || `${base}/transferPage`,
    source: 'h5portal',
    data,
    agree: '1',
    ...(wx ? { wx: '1' } : {}),
  });
  const response = await fetch(`${base}/sso/login`, {
    method: 'POST',
    // As the SSO page's own form would (the SSO refuses a post from another origin).
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(base).origin },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location)
    throw new Error(`/sso/login for ${phone}: HTTP ${response.status} ${await response.text()}`);
  return new URL(location);
}

/**
 * A redirect_url the portal sent the SSO: the transfer page it returns to, and the one-time
 * state it kept for this login (decision 0051).
 */
export function returnTarget(redirectUrl: string | null): { target: string; state: string | null } {
  const url = new URL(redirectUrl ?? '');
  const state = url.searchParams.get('state');
  url.search = '';
  return { target: url.toString(), state };
}

/**
 * Starts a login on `page` as its customer would (the entry page's button keeps the state),
 * then answers the SSO without its page: the Location with the ticket, not followed. Opened in
 * the same browser it logs in; anywhere else it is a link with someone else's ticket.
 */
export async function ticketLink(
  page: Page,
  phone: string,
  { entry = '/login?indexCode=index', wx = false } = {},
): Promise<URL> {
  await page.goto(entry);
  // The SSO page itself is not needed: its URL is. A 204 keeps the browser where it is.
  const isSso = (url: URL) => url.pathname === '/sso/login';
  await page.route(isSso, (route) => route.fulfill({ status: 204 }));
  const [request] = await Promise.all([
    page.waitForRequest((r) => isSso(new URL(r.url()))),
    page.getByRole('button', { name: /^(手机号登录|切换账号)$/ }).click(),
  ]);
  await page.unroute(isSso);
  const sso = new URL(request.url());
  return ssoLocation(phone, {
    redirectUrl: sso.searchParams.get('redirect_url') ?? '',
    data: sso.searchParams.get('data') ?? 'index',
    base: sso.origin,
    wx,
  });
}

/** Logs `page` in as `phone` through the portal's own login and the SSO's answer; resolves on /index. */
export async function logInByLink(page: Page, phone: string, options: { wx?: boolean } = {}): Promise<void> {
  await page.goto((await ticketLink(page, phone, options)).toString());
  await page.waitForURL((url) => url.pathname === '/index');
}

/**
 * On the stand-in SSO page (GET /sso/login): types the phone, taps 获取验证码, reads the
 * demo code the page shows, types it, ticks the agreement and taps 登录. Resolves once the
 * browser has left the SSO and the transfer page, i.e. is back on the portal.
 */
export async function loginThroughSso(page: Page, phone: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/sso/login');
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const demo = page.getByText(/演示环境验证码：\d{6}/);
  await demo.waitFor();
  const code = /\d{6}/.exec((await demo.textContent()) ?? '')?.[0] ?? '';
  await page.getByRole('textbox', { name: '验证码' }).fill(code);
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sso') && !url.pathname.startsWith('/transferPage'));
}

const stateFile = (phone: string) => join(inject('runDir'), `session-${phone}.json`);

/**
 * A phone browser logged in as `phone`. The first call per gateway run logs in for real
 * (the portal's login, the SSO's ticket → /transferPage → ck in the browser) and keeps the storage state (localStorage
 * `user`, cookie `token`) in a temp file, so later files reuse the session instead of asking
 * for another SMS code within the SSO's per-phone interval.
 */
export async function loggedInPhone(browser: Browser, phone: string, width = 375): Promise<BrowserContext> {
  const file = stateFile(phone);
  if (!existsSync(file)) {
    const context = await newPhone(browser, width);
    const page = await context.newPage();
    await logInByLink(page, phone);
    await page.waitForFunction(() => document.cookie.includes('token='));
    writeFileSync(file, JSON.stringify(await context.storageState()));
    await context.close();
  }
  return newPhone(browser, width, { storageState: JSON.parse(readFileSync(file, 'utf8')) });
}

/** A customer's saved session (localStorage `user`, cookie `token`), as yesterday's visit left it. */
export async function savedSession(
  browser: Browser,
  phone: string,
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await loggedInPhone(browser, phone);
  const session = await context.storageState();
  await context.close();
  return session;
}

/**
 * For a file whose tests share one customer: a browser and a context logged in as `phone`,
 * opened before the file's tests and closed after them. `newPage()` opens a tab in it.
 */
export function sharedLoggedInContext(phone: string): { newPage: () => Promise<Page> } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await loggedInPhone(browser, phone);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newPage: () => {
      if (!context) throw new Error('the logged-in context is opened in beforeAll');
      return context.newPage();
    },
  };
}

/** The persisted user store (docs/product.md §3) as the page holds it. */
export async function storedUser(
  page: Page,
): Promise<Pick<UserState, 'token' | 'userInfo' | 'role' | 'promoterId' | 'agentId' | 'indexCode'>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{"state":{}}').state);
}

/** What a service provider's system does on scanning a code (docs/product.md §7.6 admin extension). */
export async function confirmWriteOff(
  writeOffCode: string,
  providerName = '康途医疗服务有限公司',
): Promise<{ code: number; desc: string; obj: unknown }> {
  const response = await fetch(`${baseUrl()}/admin/writeOff/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Admin-Key': 'demo-admin-key' },
    body: JSON.stringify({ writeOffCode, providerName }),
  });
  return (await response.json()) as { code: number; desc: string; obj: unknown };
}

/**
 * Waits until a screen has settled: the network is quiet and no skeleton is on screen
 * (`aria-busy="true"`: the shared <Skeleton> and the screens' own loading views).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Hidden kept-alive screens (inside <Activity>) may keep a loading view: only shown ones count.
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[aria-busy="true"]')].some((e) => e.checkVisibility()),
  );
}

/** The text of the toast on screen (antd-mobile's Toast), once one shows. */
export function toast(page: Page) {
  return page.locator('.adm-toast-main');
}

/** Sample queries for the screens that need one; `:version` becomes v2. */
const SAMPLE_QUERY: Record<string, string> = {
  '/servInform': '?code=online_consult',
  '/servInform1': '?code=online_consult',
  '/servInform/look': '?code=online_consult',
  '/evaluate': '?consumeId=4',
  '/servWriteOff': '?rightId=1',
  '/statusOne': '?consumeId=1',
  '/statusTwo': '?consumeId=1',
  '/statusThree': '?consumeId=7&rightId=4',
  '/share': '?promoterId=P100239&agentId=A9001',
  '/share1': '?promoterId=P100239&agentId=A9001',
  '/loginShare': '?promoterId=P100239&agentId=A9001',
  '/loginShareMn': '?promoterId=P100239&agentId=A9001',
};

export interface ScreenVisit {
  /** The route's path pattern, as in src/app/routes.ts. */
  path: string;
  /** A concrete URL to open. */
  url: string;
  /** The page title docs/product.md §2.2 gives it. */
  title: string;
}

/**
 * Every path of docs/product.md §2 (read from the route table, so a new route is covered), plus `/`.
 * `queries` overrides a sample query, e.g. /statusOne with a consumption that is really pending
 * (a status screen hands over to the screen of the record's real state).
 */
export async function everyScreen(queries: Record<string, string> = {}): Promise<ScreenVisit[]> {
  const { routes } = await import('../../src/app/routes');
  const visits = routes.map((route) => {
    const path = route.path.replace(':version', 'v2');
    const query = queries[route.path] ?? SAMPLE_QUERY[route.path] ?? '';
    return {
      path: route.path,
      url: `${path}${query}`,
      title: route.title ? `${route.title} - 健康服务平台` : '健康服务平台',
    };
  });
  return [{ path: '/', url: '/', title: '首页 - 健康服务平台' }, ...visits];
}

/**
 * Calls an A route from the page as its logged-in user, signed as the portal signs (nonce,
 * timestamp, client headers, bearer token): the envelope. For steps the screens do not offer.
 */
export async function signedPost<T = unknown>(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ code: number; desc: string; obj: T }> {
  const { token } = await storedUser(page);
  return page.evaluate(
    async ({ path, body, token }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          nonce: crypto.randomUUID(),
          timestamp: String(Date.now()),
          clientType: 'H5',
          clientVersion: '2.2.1',
          Authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    { path, body, token },
  );
}

/** Starts a write-off as the page's logged-in user (the API call /servWriteOff makes); the pending consumption's id. */
export async function startWriteOff(page: Page, rightId: number): Promise<number> {
  const envelope = await signedPost<{ id: number; status: string }>(page, '/gateway/user/permConsume/writeOff', {
    rightId,
  });
  if (envelope.code !== 200 || envelope.obj.status !== 'pending')
    throw new Error(`writeOff answered ${JSON.stringify(envelope)}`);
  return envelope.obj.id;
}

/** A new customer's first-use privacy sheet: waits for it and taps 我已阅读并同意. */
export async function acceptPrivacySheet(page: Page): Promise<void> {
  const sheet = page.getByRole('dialog', { name: '欢迎使用健康平台' });
  await sheet.getByRole('button', { name: '我已阅读并同意' }).click();
  await sheet.waitFor({ state: 'detached' });
}

/** Waits until `locator` has stopped moving (a sheet's slide-in animation), e.g. before a screenshot. */
export async function whenStill(locator: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await locator.boundingBox());
        const still = box === last;
        last = box;
        return still;
      },
      { interval: 100 },
    )
    .toBe(true);
}

/** Decodes the QR code in a PNG screenshot: the page turns it into pixels, jsQR reads them. */
export async function decodeQr(page: Page, png: Buffer): Promise<string | undefined> {
  const pixels = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const g = canvas.getContext('2d')!;
    g.drawImage(image, 0, 0);
    const data = g.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
}
