import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone, snap, watchErrors } from './browser';
import {
  acceptPrivacySheet,
  freshPhone,
  loggedInPhone,
  logInByLink,
  settle,
  storedUser,
  toast,
  whenStill,
} from './steps';

/**
 * Personal information and unbinding (docs/product.md §7.6 updateInfo, userAddress, unbind; §4.7; decision 0007). Each journey changes its customer, so each is a new customer of its
 * own (a fresh phone), and the demo accounts stay as other files expect them.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new customer on /my/info, the first-use agreement accepted. */
async function newCustomerOnMyInfo(phone: string): Promise<Page> {
  const context = await loggedInPhone(browser, phone);
  const page = await context.newPage();
  await page.goto('/index?indexCode=index');
  await acceptPrivacySheet(page);
  await page.goto('/my/info');
  await page.getByRole('heading', { name: '联系地址' }).waitFor();
  await settle(page);
  return page;
}

/** Picks province, city and county in the address form's region picker, then 确定. */
async function pickRegion(page: Page, province: string, city: string, county: string): Promise<void> {
  await page.getByRole('button', { name: /^所在地区/ }).click();
  const option = (name: string) =>
    page.locator('.adm-cascader-view-content:visible .adm-list-item-content-main', {
      hasText: new RegExp(`^${name}$`),
    });
  const confirm = page.locator('.adm-cascader-header-button', { hasText: '确定' });
  await whenStill(confirm);
  // A region already chosen opens on its county: start again from the province tab.
  const tabs = page.locator('.adm-cascader .adm-tabs-tab');
  await tabs.first().click();
  // Each pick moves to the next level's tab; wait for it, since a city can have its province's name.
  await option(province).click();
  await tabs.nth(1).and(page.locator('.adm-tabs-tab-active')).waitFor();
  await option(city).click();
  await tabs.nth(2).and(page.locator('.adm-tabs-tab-active')).waitFor();
  await option(county).click();
  await confirm.click();
  await page.locator('.adm-cascader').waitFor({ state: 'hidden' });
}

describe('my information', () => {
  it('edits the nickname: refused when empty, saved trimmed, shown after a reload and on the next login', async () => {
    const phone = freshPhone();
    const page = await newCustomerOnMyInfo(phone);
    const errors = watchErrors(page);
    const basic = page.getByRole('region', { name: '基本信息' });
    expect(await basic.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`).isVisible()).toBe(true);

    await basic.getByRole('button', { name: '修改昵称' }).click();
    const field = basic.getByRole('textbox', { name: '昵称' });
    await field.fill('   ');
    await basic.getByRole('button', { name: '保存' }).click();
    expect(await basic.getByRole('alert').textContent()).toBe('昵称需为1-20个字');

    await field.fill('  小满同学  ');
    const sent = page.waitForResponse((r) => r.url().includes('/authUserMain/updateInfo'));
    await basic.getByRole('button', { name: '保存' }).click();
    expect((await (await sent).json()).code).toBe(200);
    await toast(page).filter({ hasText: '昵称已修改' }).waitFor();
    await basic.getByText('小满同学', { exact: true }).waitFor();
    expect(await basic.getByRole('textbox').count()).toBe(0);
    await snap(page, 'journey_my_info_nickname');

    // After a reload, and in the personal centre.
    await page.reload();
    await basic.getByText('小满同学', { exact: true }).waitFor();
    await page.goto('/mine?indexCode=index');
    await page.locator('.mine__header').getByText('小满同学', { exact: true }).waitFor();

    // The gateway kept it: logging in again on another phone brings it back.
    const other = await newPhone(browser);
    const again = await other.newPage();
    await logInByLink(again, phone);
    expect((await storedUser(again)).userInfo?.nickname).toBe('小满同学');
    await other.close();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('adds an address with the docs/product.md §5 checks, edits it, and finds the edit after a reload', async () => {
    const page = await newCustomerOnMyInfo(freshPhone());
    const errors = watchErrors(page);
    await page.getByText('还没有联系地址').waitFor();

    await page.getByRole('button', { name: '新增地址' }).first().click();
    const form = page.getByRole('form', { name: '新增地址' });
    await form.getByRole('button', { name: '保存' }).click();
    expect(await form.getByRole('alert').allTextContents()).toEqual([
      '请填写姓名',
      '请填写正确的电话',
      '请选择地区',
      '请填写详细地址',
    ]);

    await form.getByRole('textbox', { name: '联系人' }).fill('李华');
    await form.getByRole('textbox', { name: '联系电话' }).fill('010-12345678');
    await pickRegion(page, '上海市', '上海市', '徐汇区');
    expect(await form.getByRole('button', { name: /^所在地区/ }).textContent()).toBe('上海市 徐汇区');
    await form.getByRole('textbox', { name: '详细地址' }).fill('漕溪北路88号 1801室');
    await form.getByRole('switch', { name: '设为默认地址' }).check();
    await form.getByRole('button', { name: '保存' }).click();
    await toast(page).filter({ hasText: '地址已保存' }).waitFor();

    const item = page.getByRole('listitem', { name: '李华的地址' });
    await item.waitFor();
    expect(await item.getByText('上海市 徐汇区 漕溪北路88号 1801室').isVisible()).toBe(true);
    expect(await item.getByText('默认', { exact: true }).isVisible()).toBe(true);

    // Edit: another region and street.
    await item.getByRole('button', { name: '编辑李华的地址' }).click();
    const edit = page.getByRole('form', { name: '编辑地址' });
    expect(await edit.getByRole('textbox', { name: '详细地址' }).inputValue()).toBe('漕溪北路88号 1801室');
    // The only address is the default: it stays so until another one is made the default.
    expect(await edit.getByRole('switch', { name: '设为默认地址' }).isDisabled()).toBe(true);
    await snap(page, 'journey_my_info_address_edit');
    await pickRegion(page, '浙江省', '杭州市', '西湖区');
    await edit.getByRole('textbox', { name: '详细地址' }).fill('文三路90号');
    await edit.getByRole('button', { name: '保存' }).click();
    await toast(page).filter({ hasText: '地址已保存' }).waitFor({ state: 'attached' });
    await item.getByText('浙江省 杭州市 西湖区 文三路90号').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: '漕溪北路' }).count()).toBe(0);
    await snap(page, 'journey_my_info_address');

    // The gateway kept the edit: after a reload the list is read again.
    const listed = page.waitForResponse((r) => r.url().includes('/userAddress/list'));
    await page.reload();
    expect((await (await listed).json()).obj).toMatchObject([
      {
        name: '李华',
        tel: '010-12345678',
        province: '浙江省',
        city: '杭州市',
        county: '西湖区',
        areaCode: '330106',
        addressDetail: '文三路90号',
        isDefault: true,
      },
    ]);
    await page.getByRole('listitem', { name: '李华的地址' }).getByText('浙江省 杭州市 西湖区 文三路90号').waitFor();
    expect(
      await page.getByRole('listitem', { name: '李华的地址' }).getByText('默认', { exact: true }).isVisible(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("the forms under the portal's Content-Security-Policy", () => {
  it('check an address with no eval asked for (decision 0047)', async () => {
    const context = await loggedInPhone(browser, freshPhone());
    // From each document's start: the schemas are built as /my/info's chunk loads.
    await context.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(e.violatedDirective));
    });
    const page = await context.newPage();
    await page.goto('/index?indexCode=index');
    await acceptPrivacySheet(page);
    await page.goto('/my/info');
    await page.getByRole('button', { name: '新增地址' }).first().click();
    const form = page.getByRole('form', { name: '新增地址' });
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByRole('alert').first().waitFor();
    expect(await form.getByRole('alert').count()).toBe(4);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await context.close();
  });
});

describe('unbinding', () => {
  it('from /mineNew, after confirming: logged out on the new home, store and cookie cleared, the old token refused', async () => {
    const phone = freshPhone();
    const context = await loggedInPhone(browser, phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/indexNew?indexCode=index');
    await acceptPrivacySheet(page);
    await page.goto('/mineNew?indexCode=index');
    const menu = page.getByRole('navigation', { name: '我的菜单' });
    await menu.waitFor();
    const { token } = await storedUser(page);
    expect(token).toBeTruthy();

    // 取消 keeps everything.
    await menu.getByRole('button', { name: '解除绑定' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('解除后本微信将不再关联您的手机号，需要重新登录才能查看权益和消息。确定解除吗？').waitFor();
    await whenStill(dialog.getByRole('button', { name: '取消' }));
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await storedUser(page)).token).toBe(token);

    await menu.getByRole('button', { name: '解除绑定' }).click();
    await whenStill(dialog.getByRole('button', { name: '解除绑定' }));
    const unbound = page.waitForResponse((r) => r.url().includes('/login/unbind'));
    await dialog.getByRole('button', { name: '解除绑定' }).click();
    expect((await (await unbound).json()).code).toBe(200);

    // The new home, as a visitor: the login prompt instead of my rights.
    await page.waitForURL((url) => url.pathname === '/indexNew' && url.searchParams.get('indexCode') === 'index');
    await page.getByRole('region', { name: '登录提示' }).waitFor();
    const user = await storedUser(page);
    expect(user.token).toBeFalsy();
    expect(user.userInfo?.mobilePhone).toBeFalsy();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await snap(page, 'journey_unbound');

    // The personal centre now offers login.
    await page.goto('/mineNew?indexCode=index');
    await page.getByText('登录后查看您的权益和服务').waitFor();

    // The gateway revoked the session: the old token is refused.
    const status = await page.evaluate(async (bearer) => {
      const response = await fetch('/gateway/user/noticeInfo/count', {
        headers: {
          nonce: crypto.randomUUID(),
          timestamp: String(Date.now()),
          clientType: 'H5',
          clientVersion: '2.2.1',
          Authorization: `Bearer ${bearer}`,
        },
      });
      return (await response.json()).code;
    }, token);
    expect(status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
