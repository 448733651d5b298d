import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';
import { DEMO, loggedInPhone, settle } from './steps';

/**
 * Finding a service (docs/product.md §4.9, §4.4): the service list by category and by
 * search (/servList), the more-services screen of a home (/index/servMore, from 更多), a
 * service's information in the classic layout and its full description (/servInform/look),
 * and the new-theme information (/servInform1). Each tap lands on the service tapped, with its
 * real copy from the catalogue.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The names of the services listed in `scope`. */
const names = (page: Page, scope: string) =>
  page.locator(`${scope} .serv-list__name, ${scope} .serv-more__name`).allTextContents();

describe('finding a service', () => {
  it('/servList lists services by category and by search, and a tap opens the service; the search survives going back', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/servList');
    const main = page.locator('.serv-list__main');
    await page.getByRole('region', { name: '问诊咨询' }).waitFor();
    expect(await page.title()).toBe('服务列表 - 健康服务平台');
    expect(await names(page, '.serv-list__main')).toEqual(['在线问诊', '名医二诊', '智能自诊', '中医调理']);
    expect(await main.getByText('全科医生在线解答，平均3分钟接诊').isVisible()).toBe(true);

    // Another category from the side bar.
    await page.locator('.serv-list__side').getByText('心理健康', { exact: true }).click();
    await page.getByRole('region', { name: '心理健康' }).waitFor();
    expect(await names(page, '.serv-list__main')).toEqual(['心理咨询', '睡眠改善', '心理测评']);
    await settle(page);
    await snap(page, 'journey_serv_list');

    // A search across categories, then one that finds nothing.
    const search = page.getByRole('searchbox', { name: '搜索服务' });
    await search.fill('火星');
    await page.getByText('没有找到“火星”相关的服务').waitFor();
    await search.fill('齿科');
    await page.getByRole('region', { name: '搜索结果' }).waitFor();
    expect(await names(page, '.serv-list__main')).toEqual(['齿科保健', '儿童齿科']);

    await page.getByRole('link', { name: /儿童齿科/ }).click();
    await page.waitForURL((url) => url.pathname === '/servInform' && url.searchParams.get('code') === 'dental_kids');
    await page.getByRole('heading', { level: 1, name: '儿童齿科' }).waitFor();
    expect(await page.getByText('服务提供方：悦齿口腔门诊连锁有限公司').isVisible()).toBe(true);
    expect(await page.getByText('每名儿童每个保单年度限使用一次。').isVisible()).toBe(true);

    // Back: the kept list still shows the search and its results.
    await page.goBack();
    await page.getByRole('region', { name: '搜索结果' }).waitFor();
    expect(await search.inputValue()).toBe('齿科');
    expect(await names(page, '.serv-list__main')).toEqual(['齿科保健', '儿童齿科']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/index/servMore, from the ebt home's 更多, lists the product line's services then every category, and a tap opens one", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/index?indexCode=ebt');
    await page.getByRole('button', { name: '更多' }).click();
    await page.waitForURL((url) => url.pathname === '/index/servMore' && url.searchParams.get('indexCode') === 'ebt');
    await page.getByRole('region', { name: '为您推荐' }).waitFor();
    expect(await page.title()).toBe('更多服务 - 健康服务平台');
    const sections = page.locator('.serv-more__section');
    expect(await sections.evaluateAll((all) => all.map((s) => s.getAttribute('aria-label')))).toEqual([
      '为您推荐',
      '问诊咨询',
      '体检服务',
      '齿科眼科',
      '就医服务',
      '慢病管理',
      '心理健康',
    ]);
    expect(await names(page, '[aria-label="就医服务"]')).toEqual([
      '就医绿通',
      '住院陪诊',
      '药品配送',
      '疫苗预约',
      '上门护理',
    ]);
    await settle(page);
    await snap(page, 'journey_serv_more');

    await page
      .getByRole('region', { name: '就医服务' })
      .getByRole('link', { name: /住院陪诊/ })
      .click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/servInform' &&
        url.searchParams.get('code') === 'hospital_escort' &&
        url.searchParams.get('indexCode') === 'ebt',
    );
    await page.getByRole('heading', { level: 1, name: '住院陪诊' }).waitFor();
    expect(await page.locator('.serv-inform__hero').getByText('专人陪同挂号、检查、取药和办住院').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('超出4小时的部分按服务商标准另行收费。').isVisible()).toBe(true);
    // Logged out: the way to see whether the policy covers it.
    expect(await page.getByText('登录后查看您是否拥有该服务的权益').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/servInform's 查看完整服务说明 opens /servInform/look with every section of the service", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/servInform?code=online_consult&indexCode=index');
    await page.getByRole('heading', { level: 1, name: '在线问诊' }).waitFor();
    // The short information: no 服务时间 or 注意事项 sections yet.
    expect(await page.getByRole('heading', { level: 2, name: '服务时间' }).count()).toBe(0);
    await page.getByRole('button', { name: '查看完整服务说明' }).click();

    await page.waitForURL(
      (url) => url.pathname === '/servInform/look' && url.searchParams.get('code') === 'online_consult',
    );
    // The look screen's own heading: /servInform's, of the same name, can still be on screen.
    await page.locator('.serv-inform--look').getByRole('heading', { level: 1, name: '在线问诊' }).waitFor();
    expect(await page.title()).toBe('服务说明 - 健康服务平台');
    const headings = await page.locator('.serv-inform--look h2').allTextContents();
    expect(headings).toEqual(['服务内容', '服务对象', '服务时间', '注意事项', '使用方式', '使用限制', '服务提供方']);
    expect(await page.getByText('每次问诊自医生接诊起48小时内可追问，超时需重新发起。').isVisible()).toBe(true);
    expect(
      await page.locator('.serv-inform--look').getByText('康源健康科技有限公司', { exact: true }).isVisible(),
    ).toBe(true);
    await settle(page);
    await snap(page, 'journey_serv_inform_look');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/servInform1 shows the new-theme information with my right, and unfolds the full description in place', async () => {
    const context = await loggedInPhone(browser, DEMO.customer);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/servInform1?code=dental_care&indexCode=index');
    await page.getByRole('heading', { level: 1, name: '齿科保健' }).waitFor();
    expect(await page.title()).toBe('服务详情 - 健康服务平台');
    // The customer's right for it: 2 times, 1 used, on the ebt policy.
    const right = page.getByRole('region', { name: '我的权益' });
    await right.getByRole('button', { name: '立即使用' }).waitFor();
    expect(await right.getByText('G2025****0376').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: '服务时间' }).count()).toBe(0);

    const more = page.getByRole('button', { name: '查看完整服务说明' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    const less = page.getByRole('button', { name: '收起完整服务说明' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { level: 2, name: '服务时间' }).waitFor();
    expect(await page.getByText('补牙、拔牙、根管治疗等项目不在本服务范围内，费用自理。').isVisible()).toBe(true);
    // Still the same screen: the description unfolds in place.
    expect(new URL(page.url()).pathname).toBe('/servInform1');
    await settle(page);
    await snap(page, 'journey_serv_inform_new');

    await less.click();
    await page.getByRole('heading', { level: 2, name: '服务时间' }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
