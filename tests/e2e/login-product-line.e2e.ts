import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, watchErrors } from './browser';
import { DEMO, loginThroughSso, storedUser } from './steps';

/**
 * A customer of the ebt product line, logged out, opens a screen reached without an indexCode in
 * its address (a service's evaluation, as from a message) and taps its login prompt: the login
 * carries the product line the customer came from (decision 0023), so they come back to it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a screen's login prompt keeps the customer's product line", () => {
  it('from the ebt home to /evaluate, the login goes out and comes back with indexCode ebt', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/index?indexCode=ebt');
    await page.getByRole('navigation', { name: '底部导航' }).waitFor();
    await page.goto('/evaluate?consumeId=4');
    await page.getByRole('button', { name: '登录' }).click();

    await page.waitForURL((url) => url.pathname === '/sso/login');
    expect(new URL(page.url()).searchParams.get('data')).toBe('ebt');
    await loginThroughSso(page, DEMO.customer);

    // Back on the screen the customer left, in their product line.
    await page.waitForURL((url) => url.pathname === '/evaluate');
    expect((await storedUser(page)).indexCode).toBe('ebt');
    expect(errors).toEqual([]);
    await context.close();
  });
});
