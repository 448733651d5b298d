/**
 * `npm run bench`, the returning customer (decision 0031): a customer logs in through the
 * stand-in SSO once; the portal's own cookie and store are then reused, as after yesterday's
 * visit. Prints, beside a guest's figures of the same run: LCP, CLS and the first screen's
 * JS+CSS in Chromium, cold and warm HTTP cache; Lighthouse on /index logged in, cold and warm,
 * beside the floor (the smallest revalidated document) cold and warm, and on /indexNew, /mine,
 * /rights and /message logged in, cold;
 * and taps under 4× CPU slowdown (INP from Event Timing, tap to the next screen's content), in
 * a phone-sized window of a browser of their own (decision 0044) unless `taps` is 'emulated'.
 * Nothing here is asserted: figures are printed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { simulatedDocumentFirstByte } from './lantern-floor';
import { checkPhoneWindow, INP_BROWSER_ARGS, sizeWindow, type WindowSize } from './phone-window';

export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : `${Math.round(n)} ms`);

export interface ReturningOptions {
  baseUrl: string;
  chromium: string;
  flags: string[];
  userAgent: string;
  runs: number;
  lighthouse: boolean;
  /**
   * The phone of the taps: 'window', a window of the phone's size at device scale 2 (decision
   * 0044); 'emulated', Playwright's device emulation as the rest of the bench (`BENCH_TAPS=emulated`),
   * under which headless Chromium presents the tap's frame late and INP reads high.
   */
  taps: 'window' | 'emulated';
}

/** The phone's viewport, in CSS pixels. */
const PHONE: WindowSize = { width: 375, height: 812 };

/** Playwright's device emulation of the phone, as the bench uses it outside the taps. */
const EMULATED: BrowserContextOptions = { viewport: PHONE, deviceScaleFactor: 2, isMobile: true };
/** The viewport left to the page's window (`sizeWindow`), for the taps (decision 0044). */
const WINDOW: BrowserContextOptions = { viewport: null };

/** Where the phone points and as which browser it presents itself. */
type PhoneOptions = Pick<ReturningOptions, 'baseUrl' | 'userAgent'>;

/** A phone: touch and the WeChat user agent, emulated unless `screen` says otherwise. */
export function phone(
  browser: Browser,
  options: PhoneOptions,
  storageState?: Session,
  screen = EMULATED,
): Promise<BrowserContext> {
  return browser.newContext({
    ...screen,
    hasTouch: true,
    userAgent: options.userAgent,
    baseURL: options.baseUrl,
    storageState,
  });
}

/** Logs the demo customer in through the stand-in SSO's page; the portal's cookie and store. */
export async function logIn(browser: Browser, options: PhoneOptions): Promise<Session> {
  const context = await phone(browser, options);
  const page = await context.newPage();
  await page.goto('/mine?indexCode=index');
  await page.getByRole('button', { name: /登录/ }).first().click();
  await page.waitForURL((url) => url.pathname === '/sso/login');
  await page.getByRole('textbox', { name: '手机号' }).fill('13800138000');
  await page.getByRole('button', { name: '获取验证码' }).click();
  const demo = page.getByText(/演示环境验证码：\d{6}/);
  await demo.waitFor();
  await page.getByRole('textbox', { name: '验证码' }).fill(/\d{6}/.exec((await demo.textContent()) ?? '')?.[0] ?? '');
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sso') && !url.pathname.startsWith('/transferPage'));
  await page.waitForFunction(() => document.cookie.includes('token=') && Boolean(localStorage.getItem('user')));
  // A first-use privacy sheet would otherwise greet every measured visit.
  const sheet = page.getByRole('dialog', { name: '欢迎使用健康平台' });
  if (await sheet.isVisible().catch(() => false)) await sheet.getByRole('button', { name: '我已阅读并同意' }).click();
  await page.waitForLoadState('networkidle');
  const state = await context.storageState();
  await context.close();
  return state;
}

interface Visit {
  lcp: number;
  cls: number;
  /** JS and CSS requested before the largest contentful paint, as sent. */
  requests: number;
  bytes: number;
}

/** What a page records about itself: the LCP and the sum of layout shifts without input. */
export const OBSERVE = () => {
  const w = window as unknown as { __lcp: number; __cls: number };
  w.__lcp = 0;
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) w.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/** Opens `path` in `page` and measures it until the network is quiet. */
async function visit(page: Page, path: string): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const started = new Map<string, { code: boolean; at: number }>();
  const done: { at: number; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    started.set(e.requestId, {
      code: e.type === 'Script' || e.type === 'Stylesheet' || /\.(js|css)(\?|$)/.test(e.request.url),
      at: e.timestamp,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = started.get(e.requestId);
    if (request?.code) done.push({ at: request.at, bytes: e.encodedDataLength });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const request = started.get(e.requestId);
    if (request) request.code = false;
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const { lcp, cls } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    return { lcp: w.__lcp, cls: w.__cls };
  });
  // CDP timestamps are monotonic seconds; the navigation's own request is the reference.
  const navigation = Math.min(...[...started.values()].map((s) => s.at));
  const before = done.filter((d) => (d.at - navigation) * 1000 <= lcp);
  await cdp.detach();
  return { lcp, cls, requests: before.length, bytes: before.reduce((n, d) => n + d.bytes, 0) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function medianVisit(visits: Visit[]): Visit {
  return {
    lcp: median(visits.map((v) => v.lcp)),
    cls: median(visits.map((v) => v.cls)),
    requests: median(visits.map((v) => v.requests)),
    bytes: median(visits.map((v) => v.bytes)),
  };
}

/** `runs` cold visits (a fresh context each), and as many warm ones (the same context again). */
async function coldAndWarm(
  browser: Browser,
  options: ReturningOptions,
  path: string,
  session?: Session,
): Promise<{ cold: Visit; warm: Visit }> {
  const cold: Visit[] = [];
  const warm: Visit[] = [];
  for (let i = 0; i < options.runs; i += 1) {
    const context = await phone(browser, options, session);
    await context.addInitScript(OBSERVE);
    const first = await context.newPage();
    cold.push(await visit(first, path));
    await first.close();
    const again = await context.newPage();
    warm.push(await visit(again, path));
    await context.close();
  }
  return { cold: medianVisit(cold), warm: medianVisit(warm) };
}

const row = (name: string, v: Visit) =>
  `  | ${name.padEnd(30)} | ${ms(v.lcp).padStart(7)} | ${v.cls.toFixed(3)} | ${String(v.requests).padStart(2)} requests, ${kb(v.bytes).padStart(8)} |`;

async function screens(browser: Browser, options: ReturningOptions, session: Session) {
  console.log(
    `\n## The returning customer's first screens in Chromium (375x812, DPR 2, no throttling), median of ${options.runs}`,
  );
  console.log('  | screen | LCP | CLS | JS+CSS before LCP, as sent |');
  console.log('  |---|---|---|---|');
  const guest = await coldAndWarm(browser, options, '/index?indexCode=index');
  console.log(row('/index guest, cold', guest.cold));
  console.log(row('/index guest, warm', guest.warm));
  for (const path of ['/index', '/indexNew', '/mine', '/rights', '/message']) {
    const figures = await coldAndWarm(browser, options, `${path}?indexCode=index`, session);
    console.log(row(`${path} logged in, cold`, figures.cold));
    if (path === '/index') console.log(row(`${path} logged in, warm`, figures.warm));
  }
}

/**
 * The floor beside the portal (decision 0041): the smallest document that paints a heading,
 * revalidated as index.html is (`no-cache` and an ETag), from a loopback server of its own.
 */
async function floorPage(): Promise<{ url: string; close: () => void }> {
  const html =
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<title>健康服务</title></head><body><h1 style="font:600 28px sans-serif;margin:24px">健康权益服务</h1></body></html>';
  const etag = '"floor"';
  const server = createServer((req, res) => {
    const fresh = req.headers['if-none-match'] === etag;
    res.writeHead(fresh ? 304 : 200, { etag, 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' });
    res.end(fresh ? undefined : html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/**
 * Lighthouse with the customer's cookie and store: /index cold (HTTP cache cleared) and warm
 * beside a guest's and the floor's, then the other first screens a returning customer lands on, cold.
 */
async function lighthouseLoggedIn(options: ReturningOptions, session: Session) {
  console.log(
    `\n## Lighthouse, default mobile settings, ${options.runs} runs each: /index guest and logged in, cold and warm, beside the floor; the other first screens logged in, cold`,
  );
  const floor = await floorPage();
  const at = (path: string) => `${options.baseUrl}${path}?indexCode=index`;
  const kinds: [string, string, Session | undefined, boolean][] = [
    ['/index guest, cold', at('/index'), undefined, false],
    ['/index logged in, cold', at('/index'), session, false],
    ['/index logged in, warm', at('/index'), session, true],
    ['floor, cold', floor.url, undefined, false],
    ['floor, warm', floor.url, undefined, true],
    ['/indexNew logged in, cold', at('/indexNew'), session, false],
    ['/mine logged in, cold', at('/mine'), session, false],
    ['/rights logged in, cold', at('/rights'), session, false],
    ['/message logged in, cold', at('/message'), session, false],
  ];
  try {
    await lighthouseRows(options, kinds);
  } finally {
    floor.close();
  }
  const first = simulatedDocumentFirstByte(options.baseUrl);
  console.log(
    `  Lighthouse simulates any document from the network with its first byte at ${ms(first.total)} (DNS ${ms(first.dns)}, connection ${ms(first.connection)}, answer ${ms(first.answer)}): no revalidated index.html has a warm LCP below it (decision 0041)`,
  );
}

async function lighthouseRows(options: ReturningOptions, kinds: [string, string, Session | undefined, boolean][]) {
  for (const [name, url, state, warm] of kinds) {
    const results: { perf: number; lcp: number; cls: number; fcp: number }[] = [];
    for (let i = 0; i < options.runs; i += 1) {
      const chrome = await chromeLauncher.launch({ chromePath: options.chromium, chromeFlags: options.flags });
      try {
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const context = cdp.contexts()[0];
        const page = await context.newPage();
        if (state) {
          await context.addCookies(state.cookies);
          await page.goto(`${options.baseUrl}/favicon.svg`);
          await page.evaluate((origins) => {
            for (const origin of origins)
              for (const item of origin.localStorage) localStorage.setItem(item.name, item.value);
          }, state.origins);
        }
        const client = await context.newCDPSession(page);
        await client.send('Network.clearBrowserCache');
        if (warm) {
          await page.goto(url);
          await page.waitForLoadState('networkidle');
        }
        await page.close();
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // The customer's store and cookie stay; the cold runs cleared the HTTP cache above.
          disableStorageReset: true,
        });
        const lhr = result!.lhr;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        results.push({
          perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          cls: audit('cumulative-layout-shift'),
        });
        await cdp.close().catch(() => undefined);
      } finally {
        await chrome.kill();
      }
    }
    const m = (key: 'perf' | 'lcp' | 'cls' | 'fcp') => median(results.map((r) => r[key]));
    console.log(
      `  ${name.padEnd(27)} performance ${results.map((r) => r.perf).join('/')} (median ${m('perf')}), FCP ${ms(m('fcp'))}, LCP ${ms(m('lcp'))}, CLS ${m('cls').toFixed(3)}`,
    );
  }
}

/** Records each interaction's longest event duration (Event Timing), by interactionId. */
const OBSERVE_TAPS = () => {
  const w = window as unknown as { __taps: Record<number, number> };
  w.__taps = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (!entry.interactionId) continue;
      w.__taps[entry.interactionId] = Math.max(w.__taps[entry.interactionId] ?? 0, entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

interface Tap {
  name: string;
  from: string;
  tap: (page: Page) => Promise<void>;
  /** The next screen's content. */
  content: string;
  /** The chunk the next screen needs, which the app prefetches once settled. */
  prefetched: RegExp;
}

const TAPS: Tap[] = [
  {
    name: 'tab 我的 on /index',
    from: '/index?indexCode=index',
    tap: (p) => p.getByRole('navigation', { name: '底部导航' }).getByText('我的').click(),
    content: '.mine__name',
    prefetched: /\/mine-page-[\w-]+\.js$/,
  },
  {
    name: 'tab 首页 on /mine',
    from: '/mine?indexCode=index',
    tap: (p) => p.getByRole('navigation', { name: '底部导航' }).getByText('首页').click(),
    content: '.banner__title',
    prefetched: /\/index-page-[\w-]+\.js$/,
  },
  {
    name: '/mine menu 我的权益',
    from: '/mine?indexCode=index',
    tap: (p) => p.getByRole('navigation', { name: '我的菜单' }).getByText('我的权益').click(),
    content: '.right-card',
    prefetched: /\/rights-page-[\w-]+\.js$/,
  },
  {
    name: 'a notice on /message',
    from: '/message?indexCode=index',
    tap: (p) => p.locator('.notice-item__button').first().click(),
    content: '#notice-popup-title',
    prefetched: /\/notice-popup-[\w-]+\.js$/,
  },
];

/**
 * Tap to content measured in the page: from the tap's first event (pointerdown, its
 * `timeStamp`) to the end of the first frame in which the selector is in the DOM (a
 * MutationObserver notices it, the next requestAnimationFrame is that frame, and the task after
 * it follows the frame's rendering work). Playwright's own
 * click and polling are not in it. Sets `window.__tapToContent` (NaN after 20 s without it).
 * Plain JavaScript: tsx would name the inner functions with a helper the page does not have.
 */
const armTapToContent = (selector: string) => `(() => {
  var selector = ${JSON.stringify(selector)};
  window.__tapToContent = new Promise(function (resolve) {
    setTimeout(function () { resolve(NaN); }, 20000);
    addEventListener('pointerdown', function (event) {
      var tappedAt = event.timeStamp;
      var observer;
      function found() {
        if (!document.querySelector(selector)) return false;
        requestAnimationFrame(function () {
          var after = new MessageChannel();
          after.port1.onmessage = function () { resolve(performance.now() - tappedAt); };
          after.port2.postMessage(null);
        });
        if (observer) observer.disconnect();
        return true;
      }
      if (found()) return;
      observer = new MutationObserver(found);
      observer.observe(document, { subtree: true, childList: true });
    }, { once: true, capture: true });
  });
})()`;

/**
 * Waits until the likely next screens' chunks have been prefetched (app/prefetch.ts: once the
 * page has settled, a few seconds after `load` and an idle moment) and the network is quiet:
 * the page a customer taps on after reading it for a moment.
 */
async function prefetchSettled(page: Page, inFlight: () => number, chunk: RegExp): Promise<void> {
  await page.evaluate(async () => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    // SETTLE_AFTER_LOAD_MS of src/lib/when-settled.ts, then an idle moment after the app's own.
    const wait = Math.max(0, (nav?.loadEventEnd ?? 0) + 3000 - performance.now());
    await new Promise((resolve) => setTimeout(resolve, wait));
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
  });
  // The app settles a few seconds after it has started, which on 4G is well after `load` (its
  // scripts load after the first paint): wait until it has asked for the next screen's chunk.
  await page
    .waitForFunction(
      (source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(e.name)),
      chunk.source,
      { timeout: 15_000 },
    )
    .catch(() => console.log(`  (no chunk matching ${chunk} was prefetched within 15 s)`));
  const until = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(50);
  }
}

type Network = 'cached' | 'cold, simulated 4G';

/** One tap in a fresh context: INP, tap to content in the page, and as Playwright sees it. */
async function measureTap(
  browser: Browser,
  options: ReturningOptions,
  session: Session,
  tap: Tap,
  network: Network,
): Promise<{ inp: number; inPage: number; outside: number }> {
  const context = await phone(browser, options, session, options.taps === 'window' ? WINDOW : EMULATED);
  try {
    await context.addInitScript(OBSERVE_TAPS);
    const page = await context.newPage();
    // The session stays attached until the context closes: the slowdown set on it ends with it.
    const cdp = await context.newCDPSession(page);
    if (options.taps === 'window') await sizeWindow(cdp, page, PHONE);
    const pending = new Set<string>();
    cdp.on('Network.requestWillBeSent', (e) => pending.add(e.requestId));
    cdp.on('Network.loadingFinished', (e) => pending.delete(e.requestId));
    cdp.on('Network.loadingFailed', (e) => pending.delete(e.requestId));
    if (network === 'cached') {
      // The next screen's chunk is in the HTTP cache from an earlier visit.
      await page.goto(tap.from);
      await page.waitForLoadState('networkidle');
      await tap.tap(page);
      await page.locator(tap.content).first().waitFor();
      await page.waitForLoadState('networkidle');
    } else {
      await cdp.send('Network.enable');
      // Lighthouse's mobile network: 150 ms, 1.6 Mbps down, 750 kbps up.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await page.goto(tap.from);
    await page.waitForLoadState('networkidle');
    if (network === 'cached') await page.waitForTimeout(500);
    else await prefetchSettled(page, () => pending.size, tap.prefetched);
    if (options.taps === 'window') await checkPhoneWindow(page, PHONE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(armTapToContent(tap.content));
    const start = Date.now();
    await tap.tap(page);
    await page.locator(tap.content).first().waitFor();
    const outside = Date.now() - start;
    const inPage = await page.evaluate(() => (window as unknown as { __tapToContent: Promise<number> }).__tapToContent);
    await page.waitForTimeout(300);
    const inp = await page.evaluate(() =>
      Math.max(0, ...Object.values((window as unknown as { __taps: Record<number, number> }).__taps)),
    );
    return { inp, inPage, outside };
  } finally {
    await context.close();
  }
}

/**
 * Taps under 4× CPU slowdown: INP (Event Timing) and tap to the next screen's content, each
 * measured `runs` times in fresh contexts; the median is printed, the single runs beside it.
 */
async function taps(browser: Browser, options: ReturningOptions, session: Session) {
  const where =
    options.taps === 'window'
      ? 'in a 375x812 window at DPR 2'
      : 'under device emulation (375x812, DPR 2; BENCH_TAPS=emulated)';
  console.log(
    `\n## Taps, logged in, 4x CPU slowdown (CDP), ${where}, median of ${options.runs}: INP from Event Timing, tap to the next screen’s content`,
  );
  console.log(
    '  (to content: from the tap event to the end of the first frame with the content, in the page; in brackets, Playwright’s click to its locator seeing it.',
  );
  console.log(
    '   Cold: simulated 4G, tapped once the likely next screens have been prefetched and the network is quiet, as after a moment’s reading.)',
  );
  for (const network of ['cached', 'cold, simulated 4G'] as const) {
    for (const tap of TAPS) {
      const results: { inp: number; inPage: number; outside: number }[] = [];
      let failure = '';
      for (let i = 0; i < options.runs; i += 1) {
        try {
          results.push(await measureTap(browser, options, session, tap, network));
        } catch (error) {
          // A machine too busy for a tap to finish in time: say so and go on with the next.
          failure = (error as Error).message.split('\n')[0];
        }
      }
      const label = `  ${tap.name.padEnd(24)} ${network.padEnd(20)}`;
      if (results.length === 0) {
        console.log(`${label} not measured: ${failure}`);
        continue;
      }
      const m = (key: 'inp' | 'inPage' | 'outside') => median(results.map((r) => r[key]));
      const each = results.map((r) => Math.round(r.inPage)).join('/');
      console.log(
        `${label} INP ${ms(m('inp')).padStart(7)}, tap to content ${ms(m('inPage')).padStart(8)} (${ms(m('outside'))}; runs ${each} ms)`,
      );
    }
  }
}

/** The taps in a browser of their own, launched for the phone-sized window, unless emulated. */
async function tapsIn(options: ReturningOptions, browser: Browser, session: Session) {
  if (options.taps === 'emulated') return taps(browser, options, session);
  const windowed = await chromium.launch({
    executablePath: options.chromium,
    args: [...options.flags, ...INP_BROWSER_ARGS],
  });
  try {
    await taps(windowed, options, session);
  } finally {
    await windowed.close();
  }
}

export async function returningFigures(options: ReturningOptions): Promise<void> {
  const browser = await chromium.launch({ executablePath: options.chromium, args: options.flags });
  try {
    const session = await logIn(browser, options);
    await screens(browser, options, session);
    await tapsIn(options, browser, session);
    if (options.lighthouse) await lighthouseLoggedIn(options, session);
  } finally {
    await browser.close();
  }
}
