import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPhone, snap, watchErrors } from './browser';
import {
  acceptPrivacySheet,
  DEMO,
  freshPhone,
  loginThroughSso,
  returnTarget,
  settle,
  storedUser,
  toast,
} from './steps';

/**
 * The branded login entry pages (docs/product.md §2, docs/product.md §4.2, decision 0008): /login1 and /login2 go
 * out with the portal's own source and return through /transferPage; /loginMn is the partner
 * channel (its own source, /transferPageMn). An entry page is never the place to return to:
 * each login lands on the home of the indexCode it carried.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Where the entry page sent the browser: the SSO page and its query, `redirect_url` without the
 * login's state, which must be there (decision 0051).
 */
async function ssoQuery(page: Page): Promise<Record<string, string>> {
  await page.waitForURL((url) => url.pathname === '/sso/login');
  const query = Object.fromEntries(new URL(page.url()).searchParams);
  const { target, state } = returnTarget(query.redirect_url);
  expect(state).toMatch(/^[0-9a-f]{32}$/);
  return { ...query, redirect_url: target };
}

/** The `source` the transfer page's login check (ck) sends. */
function ckSource(page: Page): Promise<string | null> {
  return page
    .waitForRequest((r) => /\/user-cloud\/login\/rui\/ck(\?|$)/.test(r.url()))
    .then((r) => new URL(r.url()).searchParams.get('source'));
}

/** The `token` cookie the portal wrote, if any. */
async function tokenCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'token')?.value;
}

describe('the login entry pages', () => {
  it('/login1 (the festive entry) logs a customer in through /transferPage and lands on the home of its indexCode', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/login1?indexCode=ebt');
    await page.getByText('新年健康礼已备好，登录即可查看您的专属健康权益').waitFor();
    expect(await page.title()).toBe('登录 - 健康服务平台');
    await settle(page);
    await snap(page, 'journey_login1');
    await page.getByRole('button', { name: '手机号登录' }).click();

    expect(await ssoQuery(page)).toEqual({
      redirect_url: `${baseUrl()}/transferPage`,
      source: 'h5portal',
      data: 'ebt',
    });
    const source = ckSource(page);
    await loginThroughSso(page, DEMO.customer);
    expect(await source).toBe('h5portal');

    // Not back to /login1: the home of the product line the entry carried, logged in.
    await page.waitForURL((url) => url.pathname === '/index' && url.searchParams.get('indexCode') === 'ebt');
    await page.getByText(/可使用\s*\d+\s*项/).waitFor();
    const user = await storedUser(page);
    expect(user.userInfo?.mobilePhone).toBe(DEMO.customer);
    expect(user.indexCode).toBe('ebt');
    expect(await tokenCookie(page)).toBe(user.token);

    // Back on /login1 while logged in: it says who is signed in and offers to switch.
    await page.goto('/login1');
    await page.getByText('您已登录：138****8000').waitFor();
    expect(await page.getByRole('button', { name: '切换账号' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/login2 asks for the agreement first, then logs in through /transferPage to the home', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/login2');
    const login = page.getByRole('button', { name: '手机号登录' });
    await login.click();
    // Not ticked: it stays, and says why.
    await toast(page).filter({ hasText: '请先勾选同意协议' }).waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: '请先阅读并勾选同意《平台用户协议》和《第三方共享个人信息清单》' })
        .isVisible(),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login2');

    await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    expect(await page.getByRole('alert').count()).toBe(0);
    await login.click();
    expect(await ssoQuery(page)).toEqual({
      redirect_url: `${baseUrl()}/transferPage`,
      source: 'h5portal',
      data: 'index',
    });
    const source = ckSource(page);
    await loginThroughSso(page, DEMO.customer);
    expect(await source).toBe('h5portal');

    await page.waitForURL((url) => url.pathname === '/index' && url.searchParams.get('indexCode') === 'index');
    await page.getByText(/可使用\s*\d+\s*项/).waitFor();
    expect((await storedUser(page)).userInfo?.mobilePhone).toBe(DEMO.customer);
    expect(await tokenCookie(page)).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/loginMn (the partner channel) logs a new customer in with the channel's source through /transferPageMn", async () => {
    const phone = freshPhone();
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/loginMn?indexCode=index');
    await page.getByText('合作渠道专享').waitFor();
    expect(await page.getByText('合作伙伴客户专享的健康服务，登录后即可使用').isVisible()).toBe(true);
    await settle(page);
    await snap(page, 'journey_login_mn');
    await page.getByRole('button', { name: '手机号登录' }).click();

    expect(await ssoQuery(page)).toEqual({
      redirect_url: `${baseUrl()}/transferPageMn`,
      source: 'h5portal_mn',
      data: 'index',
    });
    const source = ckSource(page);
    await loginThroughSso(page, phone);
    expect(await source).toBe('h5portal_mn');

    // A new customer: the home, with the first-use privacy sheet to agree to.
    await page.waitForURL((url) => url.pathname === '/index' && url.searchParams.get('indexCode') === 'index');
    await acceptPrivacySheet(page);
    await page.getByText('暂无可用权益').waitFor();
    expect((await storedUser(page)).userInfo?.mobilePhone).toBe(phone);
    expect(await tokenCookie(page)).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });
});
