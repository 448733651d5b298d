import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPhone, watchErrors } from './browser';
import { DEMO, everyScreen, loggedInPhone, settle, whenStill } from './steps';

/**
 * Layout (SPEC §9 root font size, DESIGN §5): the root font size is a tenth of the
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
