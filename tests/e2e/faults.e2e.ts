import type { Browser, Request } from 'playwright-core';
import { type GatewayProcess, startGateway } from '../../scripts/gateway-process';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';
import { DEMO, loggedInPhone, logInByLink, settle } from './steps';

/**
 * Faults (docs/product.md §8, docs/product.md §2.8): the gateway going away mid-session gives the network
 * toast and keeps the screen; a screen chunk that fails to load is recovered (a retry, then
 * one guarded reload), and one that keeps failing shows a retry view, never a blank page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rootText = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.getElementById('root')?.innerText.trim() ?? '');

describe('the gateway stops mid-session', () => {
  // A gateway of its own, so stopping it leaves the suite's gateway alone.
  let own: GatewayProcess | undefined;
  afterAll(async () => {
    await own?.stop();
  });

  it('shows 网络异常，请稍后重试 and keeps the screen', { timeout: 120_000 }, async () => {
    own = await startGateway();
    const context = await newPhone(browser, 375, { baseURL: own.baseUrl });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await logInByLink(page, DEMO.customer);
    const tabs = page.getByRole('navigation', { name: '底部导航' });
    await tabs.getByRole('button', { name: /我的/ }).click();
    await page.getByText('张晓明').waitFor();
    await tabs.getByRole('button', { name: /首页/ }).click();
    await page.waitForURL((url) => url.pathname === '/index');
    await settle(page);

    await own.stop();
    // The personal centre remounts and asks for its counts: the calls fail.
    await tabs.getByRole('button', { name: /我的/ }).click();
    await page.getByText('网络异常，请稍后重试').waitFor();
    await snap(page, 'fault_gateway_stopped');
    expect(await page.getByText('张晓明').isVisible()).toBe(true);
    expect((await rootText(page)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a screen chunk fails to load', () => {
  it('is recovered once: the screen appears, no blank page', async () => {
    const context = await loggedInPhone(browser, DEMO.customer);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/index?indexCode=index');
    await settle(page);

    // The next screen's chunk: its first request fails, later ones go through.
    const requested: string[] = [];
    let failed: string | undefined;
    await page.route('**/assets/*-page-*.js', async (route) => {
      requested.push(route.request().url());
      if (failed) return route.continue();
      failed = route.request().url();
      return route.abort('connectionreset');
    });
    let loads = 0;
    page.on('load', () => loads++);

    await page.getByRole('navigation', { name: '底部导航' }).getByRole('button', { name: /我的/ }).click();
    await page.waitForURL((url) => url.pathname === '/mine');
    await page.getByText('张晓明').waitFor();
    await page.getByRole('button', { name: /消息中心/ }).waitFor();
    expect(failed).toMatch(/mine-page-/);
    expect(requested.filter((url) => url === failed).length).toBeGreaterThanOrEqual(2);
    expect(loads).toBeLessThanOrEqual(1);
    expect(await page.getByRole('heading', { name: '页面加载失败' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps failing: after one reload a retry view shows instead of a blank page', async () => {
    const context = await loggedInPhone(browser, DEMO.customer);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/mine?indexCode=index');
    await page.getByRole('button', { name: /我的权益/ }).waitFor();
    await settle(page);

    const broken: Request[] = [];
    await page.route('**/assets/rights-page-*.js', (route) => {
      broken.push(route.request());
      return route.abort('connectionreset');
    });
    let loads = 0;
    page.on('load', () => loads++);

    await page.getByRole('button', { name: /我的权益/ }).click();
    // One more load, at /rights (where the tap was going), and then the retry view.
    await page.getByRole('heading', { name: '页面加载失败' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/rights');
    expect(loads).toBe(1);
    expect(await page.getByRole('button', { name: '重新加载' }).isVisible()).toBe(true);
    await snap(page, 'fault_chunk_retry_view');

    // The network is back: 重新加载 brings the screen.
    await page.unroute('**/assets/rights-page-*.js');
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByRole('tab', { name: /可使用/ }).waitFor();
    expect(broken.length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
