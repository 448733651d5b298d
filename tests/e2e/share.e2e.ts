import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPhone, snap, watchErrors } from './browser';
import { DEMO, loggedInPhone, settle } from './steps';

/**
 * Issue 7, sharing (DESIGN §4 "Sharing"): the agent's QR code on /my/share, decoded from what
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

/** Decodes the QR code in a PNG screenshot: the page turns it into pixels, jsQR reads them. */
async function decodeQr(page: Page, png: Buffer): Promise<string | undefined> {
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
    await scanned.waitForURL((url) => url.pathname === '/loginShare' && url.searchParams.get('promoterId') === 'P100239' && url.searchParams.get('agentId') === 'A9001');
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });
});
