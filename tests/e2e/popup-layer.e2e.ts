import type { Locator, Page } from 'playwright-core';
import { watchErrors } from './browser';
import { DEMO, settle, sharedLoggedInContext, toast, whenStill } from './steps';

/**
 * docs/product.md §9 "base popup layer index 2000": antd-mobile's popups, dialogs and toasts, as the
 * browser lays them out (the CSS variables resolved), sit at 2000 or above.
 */
const customer = sharedLoggedInContext(DEMO.customer);

const BASE_POPUP_LAYER = 2000;

const zIndex = (locator: Locator) => locator.evaluate((element) => Number(getComputedStyle(element).zIndex));

async function expectOnPopupLayer(page: Page, selectors: string[]): Promise<void> {
  for (const selector of selectors) {
    const layer = page.locator(selector).first();
    await layer.waitFor({ state: 'attached' });
    expect(await zIndex(layer), selector).toBeGreaterThanOrEqual(BASE_POPUP_LAYER);
  }
}

describe('the popup layer', () => {
  it('puts the notice popup, the confirm dialog and a toast at index 2000 or above', async () => {
    const page = await customer.newPage();
    const errors = watchErrors(page);

    // A notice opens in a bottom popup (antd-mobile Popup and its Mask).
    await page.goto('/message');
    await page.getByRole('list', { name: '消息列表' }).getByRole('listitem').first().getByRole('button').click();
    await whenStill(page.locator('.adm-popup-body'));
    await expectOnPopupLayer(page, ['.adm-popup', '.adm-popup .adm-mask']);

    // 解除绑定 asks in a Dialog (CenterPopup and its Mask); cancelled, the customer stays bound.
    await page.goto('/mine');
    await page.getByRole('button', { name: '解除绑定' }).click();
    const dialog = page.getByRole('dialog');
    await whenStill(dialog.getByRole('button', { name: '取消' }));
    await expectOnPopupLayer(page, ['.adm-dialog.adm-center-popup']);
    await dialog.getByRole('button', { name: '取消' }).click();
    await settle(page);

    // A failing call toasts (docs/product.md §8): the Toast's mask.
    await page.route('**/permConsume/count**', (route) => route.abort());
    await page.reload();
    await toast(page).first().waitFor();
    await expectOnPopupLayer(page, ['.adm-toast-mask']);
    expect(errors).toEqual([]);
  });
});
