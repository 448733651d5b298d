import { snap, watchErrors } from './browser';
import { DEMO, settle, sharedLoggedInContext } from './steps';

/**
 * The new-theme home and personal centre (docs/product.md §2 /indexNew, /mineNew under tab bar two;
 * docs/product.md §4.9, §4.7, §2.7: new-theme screens read notices from prefix B): what
 * the demo customer sees there, and where each tap leads. Nothing here changes the customer.
 */
const customer = sharedLoggedInContext(DEMO.customer);

/** indexConfig.json's `indexNew` grid, by name, in order. */
const NEW_HOME_SERVICES = [
  '在线问诊',
  '体检预约',
  '健康评测',
  '报告解读',
  '智能自诊',
  '齿科保健',
  '心理咨询',
  '基因检测',
];

describe('the new-theme home and personal centre', () => {
  it('/indexNew shows the new home with my rights, the services and tab bar two, and each tap lands on its screen', async () => {
    const page = await customer.newPage();
    const errors = watchErrors(page);
    const notices = page.waitForRequest((r) => r.url().includes('/user-cloud/noticeInfo/list'));

    await page.goto('/indexNew?indexCode=index');
    await page.getByRole('heading', { level: 1, name: '健康服务平台' }).waitFor();
    expect(await page.title()).toBe('首页 - 健康服务平台');
    // Notices from prefix B, as every new-theme screen reads them.
    await notices;
    const rights = page.getByRole('link', { name: /我的权益/ });
    await rights.getByText(/可使用\s*4\s*项/).waitFor();
    await settle(page);
    await snap(page, 'journey_index_new');

    expect(await page.getByText('健康服务', { exact: true }).isVisible()).toBe(true);
    const banners = page.getByRole('region', { name: '活动推荐' }).getByRole('link');
    expect(await banners.count()).toBe(3);
    expect(await banners.first().textContent()).toContain('10分钟，了解自己的健康风险');
    expect(await page.locator('.home-new__name').allTextContents()).toEqual(NEW_HOME_SERVICES);
    const tabs = page.getByRole('navigation', { name: '底部导航' });
    expect(await tabs.getByRole('button', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('button', { name: '我的' }).getAttribute('aria-current')).toBeNull();

    // A service card: its new-theme information.
    await page.getByRole('link', { name: /报告解读/ }).click();
    await page.waitForURL(
      (url) => url.pathname === '/servInform1' && url.searchParams.get('code') === 'report_reading',
    );
    await page.getByRole('heading', { level: 1, name: '报告解读' }).waitFor();
    expect(await page.title()).toBe('服务详情 - 健康服务平台');
    await page.goBack();

    // A banner: the service it advertises.
    await banners.first().click();
    await page.waitForURL((url) => url.pathname === '/servInform1' && url.searchParams.get('code') === 'health_assess');
    await page.getByRole('heading', { level: 1, name: '健康评测' }).waitFor();
    await page.goBack();

    // 我的权益: the rights list.
    await rights.click();
    await page.waitForURL((url) => url.pathname === '/rights');
    await page.getByRole('tab', { name: /可使用/ }).waitFor();
    await page.goBack();

    // 更多: the more-services screen for this indexCode.
    await page.getByRole('link', { name: '更多' }).click();
    await page.waitForURL((url) => url.pathname === '/index/servMore' && url.searchParams.get('indexCode') === 'index');
    await page.getByRole('region', { name: '为您推荐' }).waitFor();
    await page.goBack();

    // Tab bar two's 我的: the new-theme personal centre.
    await tabs.getByRole('button', { name: '我的' }).click();
    await page.waitForURL((url) => url.pathname === '/mineNew' && url.searchParams.get('indexCode') === 'index');
    await page.getByText('张晓明', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/mineNew shows who I am, my counts and latest notices, and its entries open their screens', async () => {
    const page = await customer.newPage();
    const errors = watchErrors(page);
    const notices = page.waitForRequest((r) => r.url().includes('/user-cloud/noticeInfo/list'));

    await page.goto('/mineNew?indexCode=index');
    await page.getByText('张晓明', { exact: true }).waitFor();
    expect(await page.title()).toBe('我的 - 健康服务平台');
    expect(await page.getByText('138****8000').isVisible()).toBe(true);
    await notices;
    await settle(page);
    await snap(page, 'journey_mine_new');

    // The counts: four rights usable now; the other two are numbers whatever other journeys did.
    const counts = page.locator('.mine-counts');
    const cell = (label: string) => counts.getByRole('button', { name: label });
    expect(await cell('可用权益').locator('strong').textContent()).toBe('4');
    expect(await cell('待评价').locator('strong').textContent()).toMatch(/^\d+$/);
    expect(await cell('未读消息').locator('strong').textContent()).toMatch(/^\d+$/);

    // The three latest notices, newest first.
    const latest = page.locator('.mine-new__notice-title');
    expect(await latest.allTextContents()).toEqual(['平台用户协议已更新', '核销码已过期', '就医绿通核销未成功']);

    // A customer, not an agent: no share code entry; 解除绑定 is there.
    const menu = page.getByRole('navigation', { name: '我的菜单' });
    expect(await menu.getByRole('button', { name: '我的推广码' }).count()).toBe(0);
    expect(await menu.getByRole('button', { name: '解除绑定' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: '查看全部' }).click();
    await page.waitForURL((url) => url.pathname === '/message');
    await page.goBack();

    await cell('待评价').click();
    await page.waitForURL((url) => url.pathname === '/rights' && url.searchParams.get('tab') === 'records');
    await page.getByRole('region', { name: '使用记录' }).waitFor();
    await page.goBack();

    await menu.getByRole('button', { name: '个人信息' }).click();
    await page.waitForURL((url) => url.pathname === '/my/info');
    await page.getByText('138****8000').waitFor();
    await page.goBack();

    await menu.getByRole('button', { name: '服务列表' }).click();
    await page.waitForURL((url) => url.pathname === '/servList');
    await page.getByRole('searchbox', { name: '搜索服务' }).waitFor();
    await page.goBack();

    // Tab bar two's 首页: back to the new home.
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('button', { name: '首页' }).click();
    await page.waitForURL((url) => url.pathname === '/indexNew' && url.searchParams.get('indexCode') === 'index');
    await page.getByRole('heading', { level: 1, name: '健康服务平台' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
