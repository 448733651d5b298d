import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPhone, snap, watchErrors } from './browser';
import { decodeQr, DEMO, loggedInPhone, settle } from './steps';

/**
 * Sharing (docs/product.md §4.8): the agent's QR code on /my/share, decoded from what
 * the screen shows, is `${origin}/share?promoterId=P100239&agentId=A9001`; opening it in
 * another phone shows the share page and its way to the share login.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("an agent's share QR code", () => {
  it('encodes the share link with the agent ids, and the link opens the share page', async () => {
    const context = await loggedInPhone(browser, DEMO.agent);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // From the personal centre's menu, as an agent finds it.
    await page.goto('/mine?indexCode=index');
    await page.getByRole('button', { name: /我的推广码/ }).click();
    await page.waitForURL((url) => url.pathname === '/my/share');
    expect(await page.title()).toBe('我的推广码 - 健康服务平台');
    await page.getByText('长按二维码保存或分享').waitFor();
    // The PNG copy (what WeChat's long press recognises) is drawn on top of the SVG.
    const qrImage = page.getByRole('img', { name: '推广二维码' }).and(page.locator('img'));
    await qrImage.waitFor();
    await settle(page);
    await snap(page, 'flow_my_share');

    const shown = await page.locator('.share-qr').screenshot();
    const expected = `${baseUrl()}/share?promoterId=P100239&agentId=A9001`;
    expect(await decodeQr(page, shown)).toBe(expected);
    // The SVG underneath (shown until the PNG is drawn) says the same.
    await qrImage.evaluate((img: HTMLElement) => (img.style.visibility = 'hidden'));
    const svg = await page.locator('svg[data-testid="share-qr"]').screenshot();
    expect(await decodeQr(page, svg)).toBe(expected);
    expect(errors).toEqual([]);
    await context.close();

    // Someone scans it: a phone that is not logged in opens the link.
    const visitor = await newPhone(browser);
    const scanned = await visitor.newPage();
    const visitorErrors = watchErrors(scanned);
    await scanned.goto(expected);
    await scanned.getByRole('heading', { name: '登录后可享' }).waitFor();
    expect(await scanned.title()).toBe('分享 - 健康服务平台');
    expect(await scanned.getByText('顾问编号：A9001').isVisible()).toBe(true);
    await settle(scanned);
    await snap(scanned, 'flow_share_scanned');
    await scanned.getByRole('button', { name: '立即登录，领取健康服务' }).click();
    await scanned.waitForURL(
      (url) =>
        url.pathname === '/loginShare' &&
        url.searchParams.get('promoterId') === 'P100239' &&
        url.searchParams.get('agentId') === 'A9001',
    );
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });
});
