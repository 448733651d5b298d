import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';
import { DEMO, freshPhone, loginThroughSso, returnTarget, settle, storedUser, whenStill } from './steps';

/**
 * Login (docs/product.md §2 tab bars, docs/product.md §4.2, §4.3): a logged-out
 * tab tap goes to the stand-in SSO, the phone and SMS code log in, the transfer page brings
 * the user back to the saved path with the store and cookie set; a new customer accepts the
 * first-use privacy sheet once.
 */
/**
 * A "no sheet" means something only once the sheet could have shown. The sheet sits in the
 * shell chunk and loads its Popup lazily: this loads that chunk in the page (the same module
 * the app would import, so its lazy import resolves at once), waits for the network to rest and
 * two frames for React to render.
 */
async function sheetCouldShow(page: Page) {
  // The chunk that holds antd-mobile's Popup, whatever the build named it.
  const assets = new URL('../../dist/assets/', import.meta.url);
  const popup = readdirSync(assets).find(
    (f) => f.endsWith('.js') && readFileSync(new URL(f, assets), 'utf8').includes('adm-popup'),
  );
  expect(popup, "the Popup's chunk in dist/assets").toBeTruthy();
  // A string, so vitest does not rewrite this import() for node.
  await page.evaluate(`import('/assets/${popup}').then(() => null)`);
  await settle(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('login through the stand-in SSO', () => {
  it('a new customer taps 我的, logs in with an SMS code, lands back on the saved path and accepts the privacy sheet once', async () => {
    const phone = freshPhone();
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/index?indexCode=ebt');
    const tabs = page.getByRole('navigation', { name: '底部导航' });
    await tabs.getByRole('button', { name: '我的' }).click();

    // The company's login gateway, with the transfer page to return to and the indexCode.
    await page.waitForURL((url) => url.pathname === '/sso/login');
    const sso = new URL(page.url());
    // With the one-time state the portal kept for this login (decision 0051).
    const { target, state } = returnTarget(sso.searchParams.get('redirect_url'));
    expect(target).toBe(new URL('/transferPage', page.url()).toString());
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(sso.searchParams.get('data')).toBe('ebt');
    expect(sso.searchParams.get('source')).toBe('h5portal');
    await snap(page, 'sso_login');

    await loginThroughSso(page, phone);
    expect(page.url()).toMatch(/\/index\?indexCode=ebt$/);

    // Logged in: the token in the cookie and in the persisted store, with the phone.
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'token');
    expect(token?.value).toBeTruthy();
    expect(token?.path).toBe('/');
    const user = await storedUser(page);
    expect(user.token).toBe(token?.value);
    expect(user.userInfo?.mobilePhone).toBe(phone);

    // A new customer has not accepted the agreements: the first-use sheet asks.
    const sheet = page.getByRole('dialog', { name: '欢迎使用健康平台' });
    await sheet.waitFor();
    await expect
      .poll(() => sheet.getByText('为了保障您的权益，请在首次使用前阅读并确认以下协议').isVisible())
      .toBe(true);
    expect(await sheet.getByRole('link', { name: '《平台用户协议》' }).isVisible()).toBe(true);
    expect(await sheet.getByRole('link', { name: '《第三方共享个人信息清单》' }).isVisible()).toBe(true);
    await whenStill(sheet);
    await snap(page, 'privacy_sheet');
    const agreed = page.waitForResponse((r) => r.url().includes('/gateway/user/userAgreement/agree'));
    await sheet.getByRole('button', { name: '我已阅读并同意' }).click();
    expect((await (await agreed).json()).code).toBe(200);
    await sheet.waitFor({ state: 'detached' });
    await page.waitForURL(/\/index\?indexCode=ebt$/);
    expect((await storedUser(page)).userInfo?.agreementVersion).toBeTruthy();

    // It does not come back: the app asks the gateway again on start and is told agreed.
    const asked = page.waitForResponse((r) => /\/gateway\/user\/userAgreement\/$/.test(new URL(r.url()).pathname));
    await page.reload();
    expect((await (await asked).json()).obj.agreed).toBe(true);
    await sheetCouldShow(page);
    expect(await page.getByRole('dialog', { name: '欢迎使用健康平台' }).count()).toBe(0);
    expect((await storedUser(page)).userInfo?.mobilePhone).toBe(phone);

    // Now the tab goes to the personal centre, showing the masked phone.
    await tabs.getByRole('button', { name: '我的' }).click();
    await page.waitForURL(/\/mine\?indexCode=ebt$/);
    await page.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a customer who already agreed logs in from /message and is not asked again', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/message');
    await page.getByRole('button', { name: '登录' }).click();
    await loginThroughSso(page, DEMO.noRights);
    await page.waitForURL((url) => url.pathname === '/message');
    await page.getByRole('list', { name: '消息列表' }).waitFor();
    // The transfer page asked before it brought the customer back here.
    await sheetCouldShow(page);
    expect(await page.getByRole('dialog', { name: '欢迎使用健康平台' }).count()).toBe(0);
    expect((await storedUser(page)).userInfo?.mobilePhone).toBe(DEMO.noRights);
    expect(errors).toEqual([]);
    await context.close();
  });
});
