import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone, watchErrors } from './browser';
import { DEMO, freshPhone, loginThroughSso, savedSession, settle, storedUser } from './steps';

/**
 * The returning customer (docs/product.md §8.3, clocks; docs/product.md §3 and §7; decision 0023): a phone
 * whose clock is off, a WeChat WebView that restarted (session cookies gone) or lost its
 * cookies, opening the home cold.
 */
let browser: Browser;
/** The customer's saved session: localStorage `user` and the `token` cookie. */
let session: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await savedSession(browser, DEMO.customer);
});
afterAll(async () => {
  await browser?.close();
});

const TEN_MINUTES = 10 * 60 * 1000;

interface Seen {
  /** Every A and B call's envelope, with the request's headers. */
  api: { path: string; code: number; reason?: string; headers: Record<string, string> }[];
  /** Every request for /jsons/*, in order, with its headers and how it was made. */
  jsons: { path: string; type: string; headers: Record<string, string> }[];
}

/** Watches what the page sends and what the gateway answers. */
function watch(page: Page): Seen {
  const seen: Seen = { api: [], jsons: [] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/jsons/'))
      seen.jsons.push({ path: pathname, type: request.resourceType(), headers: request.headers() });
  });
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (!/^\/(gateway\/user|user-cloud)\//.test(pathname)) return;
    const body = (await response.json().catch(() => null)) as { code: number; obj?: { reason?: string } } | null;
    if (body)
      seen.api.push({
        path: pathname,
        code: body.code,
        reason: body.obj?.reason,
        headers: response.request().headers(),
      });
  });
  return seen;
}

/** Every toast text the page shows, however briefly (antd-mobile's Toast). */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.adm-toast-main')) {
        const text = el.textContent ?? '';
        if (text && !w.__toasts.includes(text)) w.__toasts.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const toasts = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

/** The phone's clock runs `shiftMs` ahead of the real time (and of the gateway's). */
async function shiftClock(context: BrowserContext, shiftMs: number): Promise<void> {
  await context.addInitScript((shift: number) => {
    const RealDate = Date;
    class PhoneDate extends RealDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...(args as ConstructorParameters<DateConstructor>));
      }
      static now() {
        return RealDate.now() + shift;
      }
    }
    window.Date = PhoneDate as DateConstructor;
  }, shiftMs);
}

describe('a phone whose clock is ten minutes ahead', () => {
  it('opens /index cold, logged in: no call is refused for the clock, no 设备时间异常, the rights load', async () => {
    const context = await newPhone(browser, 375, { storageState: session });
    await shiftClock(context, TEN_MINUTES);
    await recordToasts(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const seen = watch(page);

    await page.goto('/index');
    await settle(page);
    expect(await page.evaluate(() => Date.now() - performance.timeOrigin - performance.now())).toBeGreaterThan(
      TEN_MINUTES - 60_000,
    );

    expect(seen.api.filter((call) => call.reason === 'clock')).toEqual([]);
    expect(seen.api.some((call) => call.code === 200 && call.headers.authorization?.startsWith('Bearer '))).toBe(true);
    expect(await page.getByText(/可使用\s*\d+\s*项/).isVisible()).toBe(true);
    expect(await toasts(page)).not.toContain('设备时间异常，请校准后重试');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("index.html's early fetch", () => {
  it('sends docs/product.md §7 headers on the home’s first JSON requests, like every other request', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/index');
    await settle(page);

    const early = seen.jsons.filter((request) => request.type === 'fetch');
    expect(early.map((request) => request.path).sort()).toEqual([
      '/jsons/indexConfig.json',
      '/jsons/serviceCatalog.json',
    ]);
    for (const { headers } of early) {
      expect(headers.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(Math.abs(Number(headers.timestamp) - Date.now())).toBeLessThan(60_000);
      expect(headers.clienttype).toBe('H5');
      expect(headers.clientversion).toBe('2.2.1');
    }
    expect(early[0].headers.nonce).not.toBe(early[1].headers.nonce);
    await context.close();
  });
});

describe('a returning customer (decision 0023)', () => {
  it('keeps the session across a WebView restart: the token cookie outlives the browser session', async () => {
    const cookie = session.cookies.find((c) => c.name === 'token');
    // Seven days, less the minutes since the login.
    expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600 - 3600);

    // A restart keeps only the cookies that have an expiry, and localStorage.
    const context = await newPhone(browser, 375, {
      storageState: { ...session, cookies: session.cookies.filter((c) => c.expires !== -1) },
    });
    await recordToasts(context);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/index');
    await settle(page);

    expect(await page.getByText(/可使用\s*\d+\s*项/).isVisible()).toBe(true);
    expect(seen.api.filter((call) => call.code !== 200)).toEqual([]);
    expect(await toasts(page)).toEqual([]);
    expect((await storedUser(page)).userInfo?.mobilePhone).toBe(DEMO.customer);
    await context.close();
  });

  it('with the cookies gone but localStorage kept, is quietly logged out: the guest home, no toast', async () => {
    const context = await newPhone(browser, 375, { storageState: { ...session, cookies: [] } });
    await recordToasts(context);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/index');
    await settle(page);

    expect(await page.getByRole('button', { name: '登录' }).first().isVisible()).toBe(true);
    expect(await page.getByText('登录查看您的健康权益').isVisible()).toBe(true);
    expect(seen.api.filter((call) => call.code !== 200)).toEqual([]);
    expect(await toasts(page)).toEqual([]);
    const user = await storedUser(page);
    expect(user.token).toBe('');
    expect(user.userInfo).toBeNull();
    await context.close();
  });
});

describe('share attribution (decision 0023)', () => {
  it('goes out with the one login it was saved for, then leaves the store', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const ck: URLSearchParams[] = [];
    page.on('request', (request) => {
      const u = new URL(request.url());
      if (u.pathname === '/user-cloud/login/rui/ck') ck.push(u.searchParams);
    });
    await page.goto('/loginShare?promoterId=P100239&agentId=A9001');
    await page.getByRole('button', { name: '接受邀请并登录' }).click();
    await loginThroughSso(page, freshPhone());
    await settle(page);

    expect(ck).toHaveLength(1);
    expect(ck[0].get('promoterId')).toBe('P100239');
    expect(ck[0].get('agentId')).toBe('A9001');
    const user = await storedUser(page);
    expect(user.userInfo?.mobilePhone).toBeTruthy();
    expect(user).toMatchObject({ promoterId: '', agentId: '' });
    await context.close();
  });
});
