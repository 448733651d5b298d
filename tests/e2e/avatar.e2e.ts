import type { Browser } from 'playwright-core';
import { launchBrowser, snap, watchErrors } from './browser';
import { acceptPrivacySheet, freshPhone, loggedInPhone, settle, storedUser, toast } from './steps';

/**
 * Issue 7, avatar (DESIGN §4 "Personal centre", §3 updateHead): a new customer picks a real
 * 1200×800 PNG on /mine; the portal resizes it (≤ 512 px), the gateway stores it, and after
 * a reload the avatar is the gateway's picture, served with HTTP 200.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('changing the avatar', () => {
  it('uploads a picked PNG and shows it after a reload', async () => {
    const phone = freshPhone();
    const context = await loggedInPhone(browser, phone);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // A new customer: agree first, then the personal centre.
    await page.goto('/mine?indexCode=index');
    await acceptPrivacySheet(page);
    await page.goto('/mine?indexCode=index');
    await page.getByRole('img', { name: '默认头像' }).waitFor();
    await settle(page);

    // A real picture file: a 1200×800 drawing, encoded as PNG by the browser.
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 1200;
        canvas.height = 800;
        const g = canvas.getContext('2d')!;
        const gradient = g.createLinearGradient(0, 0, 1200, 800);
        gradient.addColorStop(0, '#2f6bff');
        gradient.addColorStop(1, '#00b578');
        g.fillStyle = gradient;
        g.fillRect(0, 0, 1200, 800);
        g.fillStyle = '#fff';
        g.beginPath();
        g.arc(600, 330, 170, 0, Math.PI * 2);
        g.fill();
        g.fillRect(330, 560, 540, 240);
        return canvas.toDataURL('image/png').split(',')[1];
      }),
      'base64',
    );
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const uploaded = page.waitForResponse((r) => r.url().includes('/gateway/user/authUserMain/updateHead'));
    await page.getByLabel('更换头像').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    const envelope = (await (await uploaded).json()) as { code: number; obj: { headUrl: string } };
    expect(envelope.code).toBe(200);
    const { headUrl } = envelope.obj;
    expect(headUrl).toMatch(/^\/media\/avatar\//);
    await toast(page).filter({ hasText: '头像已更新' }).waitFor();
    expect((await storedUser(page)).userInfo?.headUrl).toBe(headUrl);

    // After a reload the avatar is the gateway's picture.
    const served = page.waitForResponse((r) => r.url().endsWith(headUrl));
    await page.reload();
    expect((await served).status()).toBe(200);
    const avatar = page.locator('.mine__header').getByRole('img', { name: /的头像$/ });
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toBe(headUrl);
    await page.waitForFunction((src) => {
      const img = [...document.images].find((i) => i.getAttribute('src') === src);
      return Boolean(img?.complete && img.naturalWidth > 0);
    }, headUrl);
    const size = await avatar.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    expect(Math.max(size.w, size.h)).toBeLessThanOrEqual(512);
    expect(size.w / size.h).toBeCloseTo(1.5, 1);
    await settle(page);
    await snap(page, 'flow_mine_avatar');
    expect(errors).toEqual([]);
    await context.close();
  });
});
