import type { Browser } from 'playwright-core';
import { launchBrowser, snap, watchErrors } from './browser';
import { acceptPrivacySheet, freshPhone, loggedInPhone, settle, storedUser, toast } from './steps';

/**
 * Avatar (docs/product.md §4.7: pick, crop/resize, updateHead; §7.5 updateHead): a new
 * customer picks a real 4000×3000 PNG on /mine, places the square on the crop screen and
 * confirms; the portal sends that square at 512 px, the gateway stores it, and after a reload
 * the avatar is the gateway's picture, served with HTTP 200, showing the region placed.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('changing the avatar', () => {
  it('crops a picked PNG where the customer placed it, uploads it and shows it after a reload', async () => {
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

    // A real picture file: 4000×3000, red on the left half, blue on the right, encoded as PNG by the browser.
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 4000;
        canvas.height = 3000;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#e00000';
        g.fillRect(0, 0, 2000, 3000);
        g.fillStyle = '#0040e0';
        g.fillRect(2000, 0, 2000, 3000);
        return canvas.toDataURL('image/png').split(',')[1];
      }),
      'base64',
    );
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    // The crop screen: the picture centred in the square, 取消 and 确定 touch targets.
    await page.getByLabel('更换头像').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    const crop = page.getByRole('dialog', { name: '裁剪头像' });
    const viewport = crop.getByTestId('crop-viewport');
    await viewport.locator('img').waitFor();
    await page.waitForFunction(() =>
      Boolean(document.querySelector<HTMLImageElement>('.avatar-cropper__picture')?.complete),
    );
    for (const name of ['取消', '确定']) {
      const box = await crop.getByRole('button', { name }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
    }
    await snap(page, 'flow_mine_avatar_crop');

    // The customer moves the picture as far left as it goes: the square shows its right part.
    const box = (await viewport.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const uploaded = page.waitForResponse((r) => r.url().includes('/gateway/user/authUserMain/updateHead'));
    await crop.getByRole('button', { name: '确定' }).click();
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
    // A 512 px square of source x 1000–4000: red up to x 171, blue beyond (a centred crop would be red up to 256).
    const sent = await avatar.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const colour = (x: number) => {
        const [r, , b] = g.getImageData(x, 256, 1, 1).data;
        return r > b ? 'red' : 'blue';
      };
      return { w: img.naturalWidth, h: img.naturalHeight, at100: colour(100), at200: colour(200) };
    });
    expect(sent).toEqual({ w: 512, h: 512, at100: 'red', at200: 'blue' });
    await settle(page);
    await snap(page, 'flow_mine_avatar');
    expect(errors).toEqual([]);
    await context.close();
  });
});
