import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPhone, watchErrors } from './browser';
import { DEMO, loggedInPhone, settle } from './steps';

/**
 * The agreement and notice documents (docs/product.md §2, docs/product.md §2.2 titles), reached where a customer
 * finds them: the personal centre's menu, /login2's agreement links and a service's own
 * agreement. Each shows its real title, its version line, a section heading and a line of its
 * text (the expectations are written here, not read from agreements.json, so a wrong or empty
 * document fails).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Expected {
  path: string;
  title: string;
  version: string;
  heading: string;
  line: string;
}

const DOCS: Record<string, Expected> = {
  agreement: {
    path: '/agreement',
    title: '用户协议',
    version: 'v1',
    heading: '二、服务与权益',
    line: '权益的种类、次数和有效期以保单约定为准',
  },
  userNotice: {
    path: '/userNotice',
    title: '用户须知',
    version: 'v1',
    heading: '二、核销码',
    line: '点击“立即使用”后生成12位核销码和二维码，15分钟内有效',
  },
  privacyPolicy: {
    path: '/privacyPolicy',
    title: '隐私政策',
    version: 'v1',
    heading: '二、我们收集的信息',
    line: '登录信息：手机号、短信验证码校验结果',
  },
  user: {
    path: '/portal/agreement/user/v2',
    title: '平台用户协议',
    version: 'v2',
    heading: '二、账号与登录',
    line: '您使用本人手机号和短信验证码登录本平台',
  },
  thirdPartyList: {
    path: '/portal/agreement/thirdPartyList/v2',
    title: '第三方共享个人信息清单',
    version: 'v2',
    heading: '二、问诊与健康管理',
    line: '接收方：康源健康科技有限公司、仁和医疗健康管理有限公司、杏林国医馆连锁有限公司。',
  },
  znjkpc: {
    path: '/agreement/user/znjkpc',
    title: '智能健康评测服务协议',
    version: 'v1',
    heading: '二、您提供的信息',
    line: '评测结果依赖您填写的信息，请如实作答',
  },
  tjbgjd: {
    path: '/agreement/user/tjbgjd',
    title: '体检报告解读服务协议',
    version: 'v1',
    heading: '二、报告上传',
    line: '请上传本人6个月以内出具的完整报告，每次最多20页',
  },
  znjkzz: {
    path: '/agreement/user/znjkzz',
    title: '智能健康自诊服务协议',
    version: 'v1',
    heading: '二、不适用的情形',
    line: '出现胸痛、呼吸困难、意识不清、大量出血、严重外伤等紧急情况时',
  },
};

/** The document on screen is `doc`: page title, its h1, version line, a section heading and a line of text. */
async function expectDocument(page: Page, doc: Expected): Promise<void> {
  await page.waitForURL((url) => url.pathname === doc.path);
  const heading = page.getByRole('heading', { level: 1, name: doc.title, exact: true });
  await heading.waitFor();
  await settle(page);
  expect(await page.title()).toBe(`${doc.title} - 健康服务平台`);
  // One h1 on screen (a kept screen left behind stays in the DOM, hidden).
  expect(await page.locator('h1:visible').allTextContents()).toEqual([doc.title]);
  expect(await page.getByText(`版本 ${doc.version} · 更新日期 2026-10-01`).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { level: 2, name: doc.heading, exact: true }).isVisible()).toBe(true);
  expect(await page.getByText(doc.line).isVisible()).toBe(true);
}

describe('the agreement pages', () => {
  it('用户协议, 用户须知 and 隐私政策 open from the personal centre and show their documents', async () => {
    const context = await loggedInPhone(browser, DEMO.customer);
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const [label, key] of [
      ['用户协议', 'agreement'],
      ['用户须知', 'userNotice'],
      ['隐私政策', 'privacyPolicy'],
    ] as const) {
      await page.goto('/mine?indexCode=index');
      const menu = page.getByRole('navigation', { name: '我的菜单' });
      await menu.getByRole('button', { name: label, exact: true }).click();
      await expectDocument(page, DOCS[key]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/login2's agreement links: a tap on either one's words opens that one, at 320 and 375 wide", async () => {
    for (const width of [320, 375]) {
      const context = await newPhone(browser, width);
      const page = await context.newPage();
      await page.goto('/login2');
      for (const name of ['《平台用户协议》', '《第三方共享个人信息清单》']) {
        const link = page.getByRole('link', { name });
        await link.waitFor();
        // What a finger on the middle of each line of the link's words hits (padded links of a
        // wrapped sentence may reach over a neighbouring line).
        const hits = await link.evaluate((a) =>
          [...a.getClientRects()].map((r) => {
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return hit?.closest('a')?.textContent ?? hit?.textContent ?? '';
          }),
        );
        expect(hits.length, `${name} at ${width}`).toBeGreaterThan(0);
        expect(hits, `${name} at ${width}`).toEqual(hits.map(() => name));
      }
      await context.close();
    }
  });

  it("the SSO page's agreement: a tap on a link's words opens it, elsewhere on the sentence ticks the box", async () => {
    for (const width of [320, 375]) {
      const context = await newPhone(browser, width);
      const page = await context.newPage();
      const sso = `/sso/login?redirect_url=${encodeURIComponent(`${baseUrl()}/transferPage`)}&data=index`;
      await page.goto(sso);
      const agree = page.getByRole('checkbox');
      for (const name of ['《平台用户协议》', '《隐私政策》']) {
        const hits = await page.getByRole('link', { name }).evaluate((a) =>
          [...a.getClientRects()].map((r) => {
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return hit?.closest('a')?.textContent ?? hit?.textContent ?? '';
          }),
        );
        expect(hits.length, `${name} at ${width}`).toBeGreaterThan(0);
        expect(hits, `${name} at ${width}`).toEqual(hits.map(() => name));
      }
      // The middle of the sentence's first character (我), outside both links.
      const first = await page.locator('.agree span').evaluate((span) => {
        const range = document.createRange();
        range.setStart(span.firstChild!, 0);
        range.setEnd(span.firstChild!, 1);
        const r = range.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      });
      await page.touchscreen.tap(first.x, first.y);
      expect(await agree.isChecked(), `a tap on the sentence at ${width}`).toBe(true);
      await page.touchscreen.tap(first.x, first.y);
      expect(await agree.isChecked(), `a second tap at ${width}`).toBe(false);
      // A tap on a link opens its document and leaves the box as it was.
      await page.getByRole('link', { name: '《隐私政策》' }).tap();
      await expectDocument(page, DOCS.privacyPolicy);
      await page.goBack();
      expect(await agree.isChecked(), `after the link at ${width}`).toBe(false);
      await context.close();
    }
  });

  it("/login2's links open the platform user agreement and the third-party list; an old version says it was updated", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const [link, key] of [
      ['《平台用户协议》', 'user'],
      ['《第三方共享个人信息清单》', 'thirdPartyList'],
    ] as const) {
      await page.goto('/login2');
      await page.getByRole('link', { name: link }).click();
      await expectDocument(page, DOCS[key]);
      // The current version: no note that it changed.
      expect(await page.getByRole('note').count()).toBe(0);
    }

    // A link to the version the customer agreed to before shows the current text, and says so.
    await page.goto('/portal/agreement/user/v1');
    await page.getByRole('note').waitFor();
    expect(await page.getByRole('note').textContent()).toBe('您查看的版本 v1 已更新，以下为当前有效版本。');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('平台用户协议');
    expect(await page.getByText(DOCS.user.line).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the three service agreements open from their services' information", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const [code, key] of [
      ['health_assess', 'znjkpc'],
      ['report_reading', 'tjbgjd'],
      ['smart_selfcheck', 'znjkzz'],
    ] as const) {
      await page.goto(`/servInform?code=${code}`);
      await page.getByRole('link', { name: `《${DOCS[key].title}》` }).click();
      await expectDocument(page, DOCS[key]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
