import type { Browser, Page } from 'playwright-core';
import { launchBrowser, snap, watchErrors } from './browser';
import { DEMO, loggedInPhone, settle } from './steps';

/**
 * The write-off status screens besides 核销成功 (docs/product.md §4.4, §4.4,
 * decision 0009): a code nobody scans for 60 s leads to /statusOne (等待核销), whose 继续等待
 * returns to the same code; a write-off that failed or whose code expired shows /statusThree,
 * which says which and offers a new code. The customer's unlimited right 1 and right 5 (12
 * times) are used, and no code is confirmed, so no right loses a time.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The 12 digits /servWriteOff shows. */
async function shownCode(page: Page): Promise<string> {
  const digits = page.getByLabel(/^核销码 \d{12}$/);
  await digits.waitFor();
  return /\d{12}/.exec((await digits.getAttribute('aria-label')) ?? '')?.[0] ?? '';
}

/** The value beside `label` in the shown status screen's facts (a kept status screen may stay hidden in the DOM). */
const fact = (page: Page, label: string) =>
  page
    .locator('.status__facts:visible div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

describe('waiting for a write-off, and one that failed', () => {
  it('a code nobody scans: after 60 s 等待核销 shows the same code, and 继续等待 returns to it', async () => {
    const context = await loggedInPhone(browser, DEMO.customer);
    // The page's own clock, so a minute of waiting passes at once (the gateway's stays real).
    await context.clock.install();
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/rights');
    await page.getByRole('tab', { name: /可使用/ }).waitFor();
    await settle(page);
    await page.getByRole('link', { name: '在线问诊' }).click();
    await page.waitForURL((url) => url.pathname === '/servInform' && url.searchParams.get('code') === 'online_consult');
    await page.getByRole('button', { name: '立即使用' }).click();
    await page.waitForURL((url) => url.pathname === '/servWriteOff' && url.searchParams.get('rightId') === '1');
    const code = await shownCode(page);
    expect(code).toMatch(/^\d{12}$/);

    // A minute goes by; the next status poll finds the code still pending.
    await page.clock.fastForward(61_000);
    await page.waitForURL((url) => url.pathname === '/statusOne', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: '等待核销' }).waitFor();
    expect(await page.title()).toBe('等待核销 - 健康服务平台');
    expect(await page.getByText('服务人员还未完成扫码核销。').isVisible()).toBe(true);
    expect(await fact(page, '服务').textContent()).toBe('在线问诊');
    expect(await fact(page, '核销码').textContent()).toBe(code.replace(/(\d{4})(?=\d)/g, '$1 '));
    await settle(page);
    await snap(page, 'journey_status_waiting');

    // 继续等待: back to the very same code, not a new one.
    await page.getByRole('button', { name: '继续等待' }).click();
    await page.waitForURL((url) => url.pathname === '/servWriteOff' && url.searchParams.get('rightId') === '1');
    expect(await shownCode(page)).toBe(code);

    // Still waiting: the record is pending under 使用记录, with its code a tap away.
    await page.clock.fastForward(61_000);
    await page.waitForURL((url) => url.pathname === '/statusOne', { timeout: 15_000 });
    await page.getByRole('button', { name: '查看使用记录' }).click();
    await page.waitForURL((url) => url.pathname === '/rights' && url.searchParams.get('tab') === 'records');
    const records = page.getByRole('region', { name: '使用记录' });
    await records.getByRole('button', { name: '查看核销码' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed write-off shows 核销失败 even from an old 等待核销 link; an expired code says so and 重新获取 gives a new code', async () => {
    const context = await loggedInPhone(browser, DEMO.customer);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Record 7 (就医绿通) failed: the waiting screen hands over to the failure screen.
    await page.goto('/statusOne?consumeId=7');
    await page.waitForURL((url) => url.pathname === '/statusThree' && url.searchParams.get('consumeId') === '7');
    await page.getByRole('heading', { level: 1, name: '核销失败' }).waitFor();
    expect(await page.title()).toBe('核销失败 - 健康服务平台');
    expect(await page.getByText('本次核销未成功，权益次数未扣减。', { exact: false }).isVisible()).toBe(true);
    expect(await fact(page, '服务').textContent()).toBe('就医绿通');
    expect(await page.getByRole('link', { name: '联系客服 400-820-8820' }).getAttribute('href')).toBe('tel:4008208820');
    await settle(page);
    await snap(page, 'journey_status_failed');

    // Record 8 (慢病管理, right 5): its code expired unscanned.
    await page.goto('/statusThree?consumeId=8');
    await page.getByRole('heading', { level: 1, name: '核销码已过期' }).waitFor();
    expect(await page.getByText('核销码超过15分钟未被扫描，已自动失效，权益次数未扣减。').isVisible()).toBe(true);
    expect(await fact(page, '服务').textContent()).toBe('慢病管理');
    await page.getByRole('button', { name: '重新获取' }).click();
    await page.waitForURL((url) => url.pathname === '/servWriteOff' && url.searchParams.get('rightId') === '5');
    const code = await shownCode(page);
    expect(code).toMatch(/^\d{12}$/);
    expect(code).not.toBe('631859720448');
    expect(errors).toEqual([]);
    await context.close();
  });
});
