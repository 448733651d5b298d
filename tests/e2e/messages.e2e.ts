import type { Page, Route } from 'playwright-core';
import { snap, watchErrors } from './browser';
import { DEMO, settle, sharedLoggedInContext, whenStill } from './steps';

/**
 * Messages (docs/product.md §4.6, §2.5): the list scrolls into
 * its second page, 全部已读 clears the dots and the 我的 tab's badge; /message is kept alive,
 * so going back finds it as it was left, at the same scroll position, while a forward or new
 * navigation starts at the top.
 */
const customer = sharedLoggedInContext(DEMO.customer);

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const notices = (page: Page) => page.getByRole('list', { name: '消息列表' }).getByRole('listitem');
const unreadBadge = (page: Page) =>
  page
    .getByRole('navigation', { name: '底部导航' })
    .getByRole('button', { name: /我的/ })
    .getByLabel(/^\d+条未读消息$/);

describe('the message centre', () => {
  it('scrolls into the second page, reads all, clears the badge, and keeps its state and scroll on going back', async () => {
    const page = await customer.newPage();
    const errors = watchErrors(page);
    // Reading a hostile notice's summary must not even offer its handlers to the browser.
    const cspReports: string[] = [];
    page.on(
      'console',
      (m) => m.type() === 'error' && m.text().includes('Content Security Policy') && cspReports.push(m.text()),
    );

    // The personal centre's tab shows the unread count.
    await page.goto('/mine?indexCode=index');
    await unreadBadge(page).waitFor();
    const unread = Number(/\d+/.exec((await unreadBadge(page).getAttribute('aria-label')) ?? '')?.[0]);
    expect(unread).toBeGreaterThan(0);
    await settle(page);
    await snap(page, 'flow_mine_badge');

    await page.getByRole('button', { name: /消息中心/ }).click();
    await page.waitForURL((url) => url.pathname === '/message');
    await notices(page).first().waitFor();
    await settle(page);
    expect(await notices(page).count()).toBe(10);
    await notices(page).filter({ hasText: '体检报告已生成，点此查看 您于 04-18' }).waitFor();
    expect(cspReports).toEqual([]);
    await page.getByText(`${unread}条未读`).waitFor();
    expect(await page.getByTestId('unread-dot').count()).toBeGreaterThan(0);
    await snap(page, 'flow_message_unread');

    // 全部已读: the dots go, the count too.
    const readAll = page.waitForResponse((r) => r.url().includes('/gateway/user/noticeInfo/read/all'));
    await page.getByRole('button', { name: '全部已读' }).click();
    expect((await (await readAll).json()).code).toBe(200);
    await page.getByText('暂无未读消息').waitFor();
    expect(await page.getByTestId('unread-dot').count()).toBe(0);
    expect(await page.getByRole('button', { name: '全部已读' }).isDisabled()).toBe(true);

    // Infinite scroll: reaching the end loads the second page.
    const secondPage = page.waitForResponse(
      (r) => r.url().includes('/gateway/user/noticeInfo/list') && r.url().includes('pageNum=2'),
    );
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await secondPage;
    await page.getByRole('button', { name: /春节期间服务安排/ }).waitFor();
    const loaded = await notices(page).count();
    expect(loaded).toBeGreaterThan(10);
    expect(await page.getByTestId('unread-dot').count()).toBe(0);
    await settle(page);

    // Leave from deep in the list: a notice's 查看详情 opens /rights.
    const notice = page.getByRole('button', { name: /您的健康权益已到账/ });
    await notice.scrollIntoViewIfNeeded();
    const leftAt = await scrollY(page);
    expect(leftAt).toBeGreaterThan(300);
    await snap(page, 'flow_message_scrolled');
    await notice.click();
    const popup = page.getByRole('dialog', { name: '您的健康权益已到账' });
    await popup.waitFor();
    await whenStill(popup);
    await snap(page, 'flow_message_popup');
    await popup.getByRole('button', { name: '查看详情' }).click();
    await page.waitForURL((url) => url.pathname === '/rights');
    await page.getByRole('tab', { name: /可使用/ }).waitFor();
    expect(await scrollY(page)).toBe(0);

    // Back: the same list (second page included, all read), at the same position.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/message');
    await expect.poll(() => scrollY(page)).toBe(leftAt);
    expect(await notices(page).count()).toBe(loaded);
    expect(await page.getByText('暂无未读消息').isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: '您的健康权益已到账' }).count()).toBe(0);

    // Back to the personal centre: the badge is gone.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/mine');
    await page.getByRole('button', { name: /消息中心/ }).waitFor();
    await settle(page);
    expect(await unreadBadge(page).count()).toBe(0);

    // Forward to the kept screen: its state, but from the top.
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/message');
    await notices(page).first().waitFor();
    expect(await notices(page).count()).toBe(loaded);
    await expect.poll(() => scrollY(page)).toBe(0);

    // A new navigation to it starts at the top as well.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/mine');
    await page.getByRole('button', { name: /消息中心/ }).click();
    await page.waitForURL((url) => url.pathname === '/message');
    // The address changes before the kept screen is shown.
    await notices(page).first().waitFor();
    expect(await notices(page).count()).toBe(loaded);
    await expect.poll(() => scrollY(page)).toBe(0);

    // The server agrees: after a reload nothing is unread.
    await page.goto('/mine?indexCode=index');
    await page.getByRole('button', { name: /消息中心/ }).waitFor();
    await settle(page);
    expect(await unreadBadge(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the first notices before the list’s gestures and the popup have loaded, then both work (decision 0039)', async () => {
    const page = await customer.newPage();
    const errors = watchErrors(page);
    const held: Route[] = [];
    const later = (url: URL) => /\/assets\/(list-gestures|notice-popup)-[\w-]+\.js$/.test(url.pathname);
    await page.route(later, (route) => void held.push(route));

    await page.goto('/message');
    await notices(page).first().waitFor();
    expect(await notices(page).count()).toBe(10);
    // Asked for once the list has painted, and held: the list reads without them.
    await expect.poll(() => held.length).toBe(2);
    expect(await page.locator('.adm-pull-to-refresh, .adm-infinite-scroll').count()).toBe(0);

    // A tap before the popup has arrived opens it once it has.
    await page.getByRole('button', { name: /您的体检报告已生成/ }).click();
    const first = notices(page).first();
    const before = await first.boundingBox();
    // The more-loader may ask for the next page as soon as it arrives (the tap scrolled down).
    const secondPage = page.waitForResponse(
      (r) => r.url().includes('/gateway/user/noticeInfo/list') && r.url().includes('pageNum=2'),
    );
    for (const route of held.splice(0)) await route.continue();
    await page.unroute(later);
    const popup = page.getByRole('dialog', { name: '您的体检报告已生成' });
    await popup.waitFor();
    await whenStill(popup);
    await popup.getByRole('button', { name: '关闭' }).click();
    await popup.waitFor({ state: 'detached' });

    // The gestures wrap the same list where it was, and the next page still loads on scrolling.
    await page.locator('.adm-pull-to-refresh .messages__list').waitFor();
    expect(await first.boundingBox()).toEqual(before);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await secondPage;
    await expect.poll(() => notices(page).count()).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a notice’s links as touch targets, the unsafe one as text (docs/decisions/0018)', async () => {
    const page = await customer.newPage();
    await page.goto('/message');
    await page.getByRole('button', { name: /您的体检报告已生成/ }).click();
    const popup = page.getByRole('dialog', { name: '您的体检报告已生成' });
    await whenStill(popup);
    const link = popup.getByRole('link', { name: '我的权益' });
    expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await popup.getByRole('link', { name: '点此查看' }).count()).toBe(0);
    await page.close();
  });
});
