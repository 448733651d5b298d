import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, watchErrors } from './browser';
import { DEMO, everyScreen, loggedInPhone, settle } from './steps';

/**
 * Issue 7, layout (SPEC §9 root font size, DESIGN §5): the root font size is a tenth of the
 * width, capped at 540; at 320 px no screen scrolls sideways.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rootFontSize = (page: import('playwright-core').Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);

describe('the root font size', () => {
  it.each([
    [320, '32px'],
    [375, '37.5px'],
    [768, '54px'],
  ])('is %ipx wide → %s', async (width, expected) => {
    const context = await newPhone(browser, width);
    const page = await context.newPage();
    await page.goto('/index');
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    expect(await rootFontSize(page)).toBe(expected);
    await context.close();
  });

  it('follows the width when the window is resized (orientation change)', async () => {
    const context = await newPhone(browser, 375);
    const page = await context.newPage();
    await page.goto('/index');
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    await page.setViewportSize({ width: 812, height: 375 });
    await expect.poll(() => rootFontSize(page)).toBe('54px');
    await page.setViewportSize({ width: 320, height: 568 });
    await expect.poll(() => rootFontSize(page)).toBe('32px');
    await context.close();
  });
});

describe('at 320 px wide', () => {
  it('no screen scrolls horizontally', { timeout: 240_000 }, async () => {
    const context = await loggedInPhone(browser, DEMO.customer, 320);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const wide: string[] = [];
    for (const { url } of [...(await everyScreen()), { url: '/no/such/screen' }]) {
      await page.goto(url);
      await settle(page);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) wide.push(`${url}: scrollWidth ${scrollWidth} > ${clientWidth}`);
    }
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
