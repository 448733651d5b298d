import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser, newPhone, watchErrors } from './browser';
import { settle } from './steps';

/**
 * Real-user monitoring end to end (decision 0062): a page load's web-vitals go out through
 * md/sendMq, and the gateway counts them in its Prometheus text. The suite's build measures
 * every page load (VITE_RUM_SAMPLE_RATE=1, tests/e2e/global-setup.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The `_count` of a histogram for a route, from the gateway's /metrics (0 when absent). */
async function count(metric: string, route: string): Promise<number> {
  const text = await (await fetch(inject('metricsUrl'))).text();
  const line = text.split('\n').find((l) => l.startsWith(`${metric}_count{route="${route}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const vitalsOf = async (route: string) => ({
  LCP: await count('portal_lcp_seconds', route),
  INP: await count('portal_inp_seconds', route),
  CLS: await count('portal_cls', route),
  TTFB: await count('portal_ttfb_seconds', route),
});

/** Resolves when a sendMq carrying a `name` vital leaves the page. */
const vitalSent = (page: Page, name: string) =>
  page.waitForRequest((request) => {
    if (!request.url().endsWith('/user-cloud/md/sendMq')) return false;
    const form = new URLSearchParams(request.postData() ?? '');
    return form.get('eventCode') === 'rum_vital' && JSON.parse(form.get('payload') ?? '{}').name === name;
  });

/**
 * The page goes to the background as when WeChat is left: web-vitals reports INP and CLS on
 * `visibilitychange` to hidden, and the portal sends them with keepalive.
 */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });

describe('real-user monitoring', () => {
  it("finds a visit's LCP, INP and CLS on its route pattern in the gateway's /metrics", async () => {
    const before = await vitalsOf('/index');
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // TTFB goes out as soon as the monitoring has started, once the page has settled.
    const ttfb = vitalSent(page, 'TTFB');
    await page.goto('/index?indexCode=index');
    await settle(page);
    await ttfb;

    // A tap is an interaction (INP) and ends the LCP's candidates.
    const lcp = vitalSent(page, 'LCP');
    await page.getByRole('link', { name: '在线问诊' }).first().tap();
    await page.waitForURL((url) => url.pathname === '/servInform');
    await settle(page);
    await lcp;

    const inp = vitalSent(page, 'INP');
    const cls = vitalSent(page, 'CLS');
    await hide(page);
    await Promise.all([inp, cls]);

    // The gateway counts them on the route the page loaded on, not the screen it went on to.
    await expect
      .poll(() => vitalsOf('/index'), { timeout: 10_000 })
      .toEqual({ LCP: before.LCP + 1, INP: before.INP + 1, CLS: before.CLS + 1, TTFB: before.TTFB + 1 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
