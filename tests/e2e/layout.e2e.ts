import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPhone, snap, watchErrors } from './browser';
import { acceptPrivacySheet, DEMO, everyScreen, freshPhone, loggedInPhone, settle, whenStill } from './steps';

/**
 * Layout (docs/product.md §9 root font size, docs/product.md §2.8): the root font size is a tenth of the
 * width, capped at 540; at 320 and 375 px no screen scrolls sideways, no touch target is
 * smaller than 44 px although every size scales with the width (docs/decisions/0018), and no
 * empty field cuts its placeholder short. The stand-in SSO page, where every login passes, counts
 * as a screen.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rootFontSize = (page: import('playwright-core').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).fontSize);

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

/** The smallest touch target, in CSS px (docs/decisions/0018): 44 × 44, or 44 tall for a text field. */
const TOUCH_TARGET = 44;

/**
 * The touch targets on screen smaller than TOUCH_TARGET, as `tag "text" width×height`: every
 * visible button, link, tab and form field. A hidden kept-alive screen and a closed antd-mobile
 * popup are `display: none`, so they do not count. A checkbox or radio is hit anywhere on its
 * label, so the label is measured; a text field only needs the height. A link inside a sentence
 * counts too: its padded inline box is what a finger hits. A stretched link (its ::after laid
 * over its positioned ancestor, as on the /rights cards) is hit anywhere on that ancestor.
 */
function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    const small: string[] = [];
    const controls = document.querySelectorAll(
      'button, a[href], [role=button], [role=tab], input:not([type=hidden]), textarea, select',
    );
    for (const control of controls) {
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const toggle = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
      const after = getComputedStyle(control, '::after');
      const stretched =
        control instanceof HTMLAnchorElement &&
        after.position === 'absolute' &&
        [after.top, after.right, after.bottom, after.left].every((edge) => edge === '0px') &&
        control.offsetParent;
      const target = (toggle && control.labels?.[0]) || stretched || control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const textField = control.matches(
        'textarea, select, input:not([type=checkbox], [type=radio], [type=button], [type=submit], [type=reset], [type=image], [type=file])',
      );
      if (box.height >= minimum && (textField || box.width >= minimum)) continue;
      const text = (
        target.textContent ||
        control.getAttribute('aria-label') ||
        control.getAttribute('placeholder') ||
        ''
      )
        .trim()
        .replace(/\s+/g, ' ');
      small.push(
        `${control.tagName.toLowerCase()} "${text.slice(0, 24)}" ${box.width.toFixed(2)}×${box.height.toFixed(2)}`,
      );
    }
    return small;
  }, TOUCH_TARGET);
}

/**
 * The visible empty fields whose placeholder is wider than the field's content box, as
 * `id "placeholder" needs×has`: the customer would read a cut hint (请输入6位验证 at 320).
 */
function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const measure = document.createElement('canvas').getContext('2d')!;
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (field.value || !field.checkVisibility({ visibilityProperty: true })) continue;
      const hint = getComputedStyle(field, '::placeholder');
      const box = getComputedStyle(field);
      measure.font = `${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
      const needs = measure.measureText(field.placeholder).width;
      const has = field.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
      // A textarea wraps its placeholder; only a one-line field cuts it.
      if (field instanceof HTMLInputElement && needs > has + 0.5) {
        cut.push(`${field.id || field.name} "${field.placeholder}" ${needs.toFixed(1)}×${has.toFixed(1)}`);
      }
    }
    return cut;
  });
}

/** The stand-in SSO page as the portal opens it (`/sso/login?redirect_url=…`). */
const ssoLogin = () => `/sso/login?redirect_url=${encodeURIComponent(`${baseUrl()}/transferPage`)}&data=index`;

describe.each([320, 375])('at %i px wide', (width) => {
  it('no screen scrolls sideways, touch targets are 44 px, no placeholder is cut', { timeout: 240_000 }, async () => {
    const context = await loggedInPhone(browser, DEMO.customer, width);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const wide: string[] = [];
    const small: string[] = [];
    const cut: string[] = [];
    for (const { url } of [...(await everyScreen()), { url: '/no/such/screen' }, { url: ssoLogin() }]) {
      await page.goto(url);
      await settle(page);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) wide.push(`${url}: scrollWidth ${scrollWidth} > ${clientWidth}`);
      for (const target of await smallTouchTargets(page)) small.push(`${url}: ${target}`);
      for (const field of await cutPlaceholders(page)) cut.push(`${url}: ${field}`);
    }
    expect(wide).toEqual([]);
    expect(small).toEqual([]);
    expect(cut).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('antd-mobile overlays we open have touch targets too: the confirm dialog and the region picker', async () => {
    const context = await loggedInPhone(browser, DEMO.customer, width);
    const page = await context.newPage();

    // 解除绑定's confirm dialog (lib/dialog.ts): both buttons, once the opening animation is over.
    await page.goto('/mine');
    await page.getByRole('button', { name: '解除绑定' }).click();
    const dialog = page.getByRole('dialog');
    await whenStill(dialog.getByRole('button', { name: '取消' }));
    const heights = await dialog
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height));
    expect(heights).toHaveLength(2);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(TOUCH_TARGET);
    await dialog.getByRole('button', { name: '取消' }).click();

    // The address form's region picker (Cascader): a finger hits the header link around the label.
    await page.goto('/my/info');
    await page.getByRole('button', { name: '新增地址' }).click();
    await page.getByRole('button', { name: /所在地区/ }).click();
    const headerButton = (label: string) => page.locator('.adm-cascader-header-button', { hasText: label });
    await whenStill(headerButton('确定'));
    for (const label of ['取消', '确定']) {
      const box = await headerButton(label).boundingBox();
      expect(box?.height, label).toBeGreaterThanOrEqual(TOUCH_TARGET);
      expect(box?.width, label).toBeGreaterThanOrEqual(TOUCH_TARGET);
    }
    await context.close();
  });
});

/**
 * The parts of `locator`'s elements that lie outside the window, as `"text" top…bottom`: a
 * sheet's action buttons must be reachable whatever the orientation.
 */
function offScreen(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const inside = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
      const text = (element.textContent ?? '').trim();
      return inside ? [] : [`"${text}" ${box.top.toFixed(0)}…${box.bottom.toFixed(0)} in ${innerHeight}`];
    }),
  );
}

/**
 * Landscape: the root font size follows the width (54 px at 812), so a sheet's px heights grow
 * by 44 % while the window is 375 px tall. Each sheet keeps its buttons on screen and scrolls
 * its content inside.
 */
describe.each([812, 667])('in landscape, %i×375', (width) => {
  const landscape = { width, height: 375 };

  it('the first-use privacy sheet and the region picker of a new address keep their buttons on screen', async () => {
    const context = await loggedInPhone(browser, freshPhone());
    const page = await context.newPage();
    await page.setViewportSize(landscape);
    const errors = watchErrors(page);

    await page.goto('/index?indexCode=index');
    const sheet = page.getByRole('dialog', { name: '欢迎使用健康平台' });
    const agree = sheet.getByRole('button', { name: '我已阅读并同意' });
    await whenStill(agree);
    expect(await offScreen(agree)).toEqual([]);
    // The whole sheet too: its top (the shield) was pushed above the window.
    expect(await offScreen(page.locator('.privacy-sheet'))).toEqual([]);
    await snap(page, `landscape_privacy_sheet_${width}`);
    await acceptPrivacySheet(page);

    // 新增地址 → 所在地区: 取消, 确定 and the level tabs, then a region picked to the end.
    await page.goto('/my/info');
    await page.getByRole('heading', { name: '联系地址' }).waitFor();
    await page.getByRole('button', { name: '新增地址' }).first().click();
    await page.getByRole('button', { name: /^所在地区/ }).click();
    const confirm = page.locator('.adm-cascader-header-button', { hasText: '确定' });
    await whenStill(confirm);
    expect(await offScreen(page.locator('.adm-cascader-header-button'))).toEqual([]);
    expect(await offScreen(page.locator('.adm-cascader .adm-tabs-tab'))).toEqual([]);
    await snap(page, `landscape_region_picker_${width}`);
    const option = (name: string) =>
      page.locator('.adm-cascader-view-content:visible .adm-list-item-content-main', {
        hasText: new RegExp(`^${name}$`),
      });
    const tabs = page.locator('.adm-cascader .adm-tabs-tab');
    await option('上海市').click();
    await tabs.nth(1).and(page.locator('.adm-tabs-tab-active')).waitFor();
    await option('上海市').click();
    await tabs.nth(2).and(page.locator('.adm-tabs-tab-active')).waitFor();
    await option('徐汇区').click();
    await confirm.click();
    await page.locator('.adm-cascader').waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: /^所在地区/ }).textContent()).toBe('上海市 徐汇区');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the notice popup keeps 关闭 and 查看详情 on screen', async () => {
    const context = await loggedInPhone(browser, DEMO.customer);
    const page = await context.newPage();
    await page.setViewportSize(landscape);
    await page.goto('/message');
    // A notice already read, with a link: opening it changes nothing on the gateway.
    await page.getByRole('button', { name: /心理咨询权益已用完/ }).click();
    const popup = page.getByRole('dialog', { name: '心理咨询权益已用完' });
    const close = popup.getByRole('button', { name: '关闭' });
    await whenStill(close);
    const actions = popup.getByRole('button', { name: /^(关闭|查看详情)$/ });
    expect(await actions.count()).toBe(2);
    expect(await offScreen(actions)).toEqual([]);
    await snap(page, `landscape_notice_${width}`);
    await close.click();
    await context.close();
  });
});
