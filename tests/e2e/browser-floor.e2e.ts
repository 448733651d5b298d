import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';
import { DEMO, loggedInPhone, settle } from './steps';

/**
 * The browser floor (decision 0058): iOS 14.5's WebKit and Chromium 87 lack every built-in
 * below, all newer than ES2021. Removed before the page's own scripts run, the app must still
 * start: nothing it needs may come from above the floor. And when it cannot start (its entry
 * chunk missing, or throwing), the start watchdog says so in Chinese with a retry that works.
 */
const ABOVE_THE_FLOOR = `(() => {
  const drop = (owner, names) => { if (owner) for (const name of names) delete owner[name]; };
  const typed = Object.getPrototypeOf(Int8Array.prototype);
  drop(Array.prototype, ['at', 'findLast', 'findLastIndex', 'toReversed', 'toSorted', 'toSpliced', 'with', 'group', 'groupToMap']);
  drop(String.prototype, ['at', 'isWellFormed', 'toWellFormed']);
  drop(typed, ['at', 'findLast', 'findLastIndex', 'toReversed', 'toSorted', 'with']);
  drop(Object, ['hasOwn', 'groupBy']);
  drop(Map, ['groupBy']);
  drop(Promise, ['withResolvers', 'try']);
  drop(Array, ['fromAsync']);
  drop(Set.prototype, ['union', 'intersection', 'difference', 'symmetricDifference', 'isSubsetOf', 'isSupersetOf', 'isDisjointFrom']);
  drop(globalThis.Iterator && Iterator.prototype, ['map', 'filter', 'take', 'drop', 'flatMap', 'reduce', 'toArray', 'forEach', 'some', 'every', 'find']);
  drop(globalThis, ['structuredClone', 'reportError', 'Iterator']);
  drop(AbortSignal, ['timeout', 'any']);
  drop(HTMLDialogElement && HTMLDialogElement.prototype, ['showModal']);
  drop(crypto, ['randomUUID']);
})();`;

/** The entry chunk's path, from the build's index.html (whose loader adds it after the first paint). */
function entryChunk(): string {
  const html = readFileSync('dist/index.html', 'utf8');
  const src = /\.src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error("dist/index.html's loader adds no /assets/index-*.js");
  return src;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function opens(context: BrowserContext, path: string, title: string): Promise<string[]> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(path);
  await settle(page);
  const problems: string[] = [];
  if ((await page.title()) !== title) problems.push(`${path}: title "${await page.title()}", expected "${title}"`);
  if (await page.getByRole('alert').filter({ hasText: '页面加载失败' }).count())
    problems.push(`${path}: the start watchdog's message`);
  if ((await page.locator(`main [data-screen="${path}"] h1`).count()) !== 1) problems.push(`${path}: no screen drawn`);
  if (errors.length) problems.push(`${path}: page error ${errors.join(' | ')}`);
  if (problems.length) await snap(page, `floor${path.replace(/\//g, '_')}`);
  await page.close();
  return problems;
}

describe('a browser at the floor (no built-in newer than ES2021)', () => {
  it('starts as a guest and as a customer, each screen drawn without a page error', { timeout: 120_000 }, async () => {
    const guest = await newPhone(browser);
    await guest.addInitScript(ABOVE_THE_FLOOR);
    const customer = await loggedInPhone(browser, DEMO.customer);
    await customer.addInitScript(ABOVE_THE_FLOOR);
    const problems = [
      ...(await opens(guest, '/index', '首页 - 健康服务平台')),
      ...(await opens(guest, '/login', '登录 - 健康服务平台')),
      ...(await opens(customer, '/index', '首页 - 健康服务平台')),
      ...(await opens(customer, '/rights', '我的权益 - 健康服务平台')),
      ...(await opens(customer, '/message', '消息中心 - 健康服务平台')),
      ...(await opens(customer, '/mine', '我的 - 健康服务平台')),
    ];
    await guest.close();
    await customer.close();
    expect(problems).toEqual([]);
  });
});

describe('an app that cannot start', () => {
  async function watchdogShown(page: Page): Promise<void> {
    const message = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    // The watchdog's grace is 1.5 s after the failure; 10 s leaves room for a loaded machine.
    await message.waitFor({ timeout: 10_000 });
    expect(await message.getByRole('button', { name: '重新加载' }).isVisible()).toBe(true);
  }

  it('shows the message in Chinese when the entry chunk fails to load, and 重新加载 starts the app', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const entry = entryChunk();
    let monitoringLoaded = false;
    page.on('response', (response) => {
      if (/\/assets\/rum-[\w-]+\.js$/.test(new URL(response.url()).pathname)) monitoringLoaded = true;
    });
    await page.route(`**${entry}`, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto('/index');
    await watchdogShown(page);
    await snap(page, 'floor_entry_missing');
    await page.unroute(`**${entry}`);
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    expect(await page.title()).toBe('首页 - 健康服务平台');
    expect(await page.getByRole('alert').filter({ hasText: '页面加载失败' }).count()).toBe(0);

    // The app said it started: a later error is the app's own to report, not the watchdog's, and
    // it never reloads the page (decision 0068), not even as the monitoring starts with it queued.
    const started = new URL(page.url()).pathname;
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
    });
    await page.evaluate(() => window.dispatchEvent(new Event('error')));
    await expect.poll(() => monitoringLoaded, { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(5000);
    expect(loads, 'the page loaded again after the error').toEqual([]);
    expect(new URL(page.url()).pathname).toBe(started);
    expect(await page.getByRole('alert').filter({ hasText: '页面加载失败' }).count()).toBe(0);
    await context.close();
  });

  it('shows the message when the entry chunk throws', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.route(`**${entryChunk()}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new TypeError("matches.at is not a function");' }),
    );
    await page.goto('/rights');
    await watchdogShown(page);
    await context.close();
  });
});
