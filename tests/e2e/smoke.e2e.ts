import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('smoke: the portal in a phone browser', () => {
  it('opens /index with its title, the service grid and the tab bar, without a page error', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.waitForURL(/\/index\?indexCode=index$/);
    await page.getByRole('link', { name: '在线问诊' }).first().waitFor();
    expect(await page.title()).toBe('首页 - 健康服务平台');
    expect(await page.getByRole('navigation', { name: '底部导航' }).getByRole('button').allTextContents()).toEqual([
      '首页',
      '我的',
    ]);
    const fontSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(fontSize).toBe('37.5px');
    await snap(page, 'index');
    expect(errors).toEqual([]);
    await context.close();
  });
});
