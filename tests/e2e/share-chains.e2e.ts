import type { Browser, Page } from 'playwright-core';
import type { Attribution } from '../../contract/types';
import { baseUrl, launchBrowser, newPhone, watchErrors } from './browser';
import { decodeQr, DEMO, freshPhone, loggedInPhone, loginThroughSso, returnTarget, settle } from './steps';

/**
 * The two share chains of decision 0025, end to end on the real SSO and gateway:
 * /my/shareNew → /share1 → login through /transferPage1 (ckNew, the normal source) → /indexNew;
 * a share link of the Mn partner channel → /loginShareMn → /transferPageMn (ck, the Mn source)
 * → /index. Each checks the `source` the portal sent, the landing screen and the attribution
 * the gateway stored.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The query of every ck / ckNew call the page makes, by path. */
function recordCk(page: Page): { path: string; query: URLSearchParams }[] {
  const seen: { path: string; query: URLSearchParams }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/login\/rui\/ck(?:New)?$/.test(url.pathname)) seen.push({ path: url.pathname, query: url.searchParams });
  });
  return seen;
}

/** What the gateway recorded about whom `phone` was brought by (GET /admin/attribution). */
async function storedAttribution(phone: string): Promise<Attribution | null> {
  const response = await fetch(`${baseUrl()}/admin/attribution?phone=${phone}`, {
    headers: { 'X-Admin-Key': 'demo-admin-key' },
  });
  const envelope = (await response.json()) as { code: number; desc: string; obj: Attribution | null };
  if (envelope.code !== 200) throw new Error(`/admin/attribution for ${phone}: ${JSON.stringify(envelope)}`);
  return envelope.obj;
}

/** The theme each icon of the bottom bar is drawn in. */
const tabIconThemes = (page: Page) =>
  page
    .locator('nav[aria-label="底部导航"] svg.tab-icon')
    .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-theme')));

describe('share chains (decision 0025)', () => {
  // The agent's login and QR code come first: more than the suite's 60 s default on a busy machine.
  it(
    '/my/shareNew → /share1 → /transferPage1 → /indexNew, attributed with the normal source',
    { timeout: 120_000 },
    async () => {
      // The agent's new-theme code, decoded from what the screen shows.
      const agent = await loggedInPhone(browser, DEMO.agent);
      const agentPage = await agent.newPage();
      await agentPage.goto('/mineNew?indexCode=index');
      await agentPage.getByRole('button', { name: /我的推广码/ }).click();
      await agentPage.waitForURL((url) => url.pathname === '/my/shareNew');
      await agentPage.getByRole('img', { name: '推广二维码' }).and(agentPage.locator('img')).waitFor();
      await settle(agentPage);
      const link = await decodeQr(agentPage, await agentPage.locator('.share-qr').screenshot());
      expect(link).toBe(`${baseUrl()}/share1?promoterId=P100239&agentId=A9001`);
      await agent.close();

      // A new customer scans it.
      const visitor = await newPhone(browser);
      const page = await visitor.newPage();
      const errors = watchErrors(page);
      const ck = recordCk(page);
      const phone = freshPhone();
      await page.goto(link!);
      await page.getByRole('button', { name: '立即登录，领取健康服务' }).click();
      await page.waitForURL((url) => url.pathname === '/sso/login');
      expect(returnTarget(new URL(page.url()).searchParams.get('redirect_url')).target).toBe(
        `${baseUrl()}/transferPage1`,
      );
      await loginThroughSso(page, phone);

      expect(new URL(page.url()).pathname).toBe('/indexNew');
      expect(ck).toHaveLength(1);
      expect(ck[0].path).toBe('/user-cloud/login/rui/ckNew');
      expect(Object.fromEntries(ck[0].query)).toMatchObject({
        source: 'h5portal',
        promoterId: 'P100239',
        agentId: 'A9001',
      });
      expect(await storedAttribution(phone)).toMatchObject({
        promoterId: 'P100239',
        agentId: 'A9001',
        source: 'h5portal',
      });

      // The session theme ckNew returned survives the classic home (docs/product.md §2.7).
      await page.goto('/index?indexCode=index');
      await page.locator('nav[aria-label="底部导航"]').waitFor();
      expect(await tabIconThemes(page)).toEqual(['indexNew', 'indexNew']);
      expect(errors).toEqual([]);
      await visitor.close();
    },
  );

  it('a share link of the Mn channel → /loginShareMn → /transferPageMn → /index, attributed with the Mn source', async () => {
    const visitor = await newPhone(browser);
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    const ck = recordCk(page);
    const phone = freshPhone();
    await page.goto('/share?promoterId=P100239&agentId=A9001&channel=mn');
    await page.getByRole('button', { name: '立即登录，领取健康服务' }).click();
    await page.waitForURL((url) => url.pathname === '/loginShareMn');
    await page.getByRole('button', { name: '接受邀请并登录' }).click();
    await page.waitForURL((url) => url.pathname === '/sso/login');
    expect(returnTarget(new URL(page.url()).searchParams.get('redirect_url')).target).toBe(
      `${baseUrl()}/transferPageMn`,
    );
    await loginThroughSso(page, phone);

    expect(new URL(page.url()).pathname).toBe('/index');
    expect(ck).toHaveLength(1);
    expect(ck[0].path).toBe('/user-cloud/login/rui/ck');
    expect(Object.fromEntries(ck[0].query)).toMatchObject({
      source: 'h5portal_mn',
      promoterId: 'P100239',
      agentId: 'A9001',
    });
    expect(await storedAttribution(phone)).toMatchObject({
      promoterId: 'P100239',
      agentId: 'A9001',
      source: 'h5portal_mn',
    });
    expect(errors).toEqual([]);
    await visitor.close();
  });
});
