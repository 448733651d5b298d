import { snap, watchErrors } from './browser';
import { confirmWriteOff, DEMO, settle, sharedLoggedInContext, signedPost } from './steps';

/**
 * Using a right (docs/product.md §4.4, §4.5): rights → service
 * information → 立即使用 → the write-off code → the provider confirms through the admin call →
 * 核销成功 → evaluation → the record shows evaluated; evaluating again is refused.
 */
const customer = sharedLoggedInContext(DEMO.customer);

describe('a customer uses a right and evaluates the service', () => {
  it('goes from the right to a confirmed write-off, evaluates it once, and sees it in the records', async () => {
    const page = await customer.newPage();
    const errors = watchErrors(page);

    await page.goto('/rights');
    await page.getByRole('tab', { name: /可使用/ }).waitFor();
    await settle(page);
    await snap(page, 'flow_rights');
    await page.getByRole('link', { name: '就医绿通' }).click();

    await page.waitForURL((url) => url.pathname === '/servInform' && url.searchParams.get('code') === 'green_channel');
    expect(await page.title()).toBe('服务详情 - 健康服务平台');
    await settle(page);
    await snap(page, 'flow_serv_inform');
    await page.getByRole('button', { name: '立即使用' }).click();

    // The one-time code: a QR code and 12 digits.
    await page.waitForURL((url) => url.pathname === '/servWriteOff' && url.searchParams.get('rightId') === '4');
    const digits = page.getByLabel(/^核销码 \d{12}$/);
    await digits.waitFor();
    const writeOffCode = /\d{12}/.exec((await digits.getAttribute('aria-label')) ?? '')?.[0] ?? '';
    expect(writeOffCode).toMatch(/^\d{12}$/);
    expect((await digits.textContent())?.replace(/\s/g, '')).toBe(writeOffCode);
    expect(await page.getByRole('img', { name: '核销二维码' }).isVisible()).toBe(true);
    await snap(page, 'flow_write_off_code');

    // The provider scans it: the portal's poll notices and shows the success screen.
    const confirmed = await confirmWriteOff(writeOffCode);
    expect(confirmed.code).toBe(200);
    await page.waitForURL((url) => url.pathname === '/statusTwo', { timeout: 15_000 });
    const consumeId = Number(new URL(page.url()).searchParams.get('consumeId'));
    expect(consumeId).toBeGreaterThan(0);
    await page.getByRole('heading', { name: '核销成功' }).waitFor();
    expect(await page.title()).toBe('核销成功 - 健康服务平台');
    await page.getByText('康途医疗服务有限公司').waitFor();
    await snap(page, 'flow_status_success');

    // Evaluation: stars, a tag, text; the submit locks while sending.
    await page.getByRole('button', { name: '去评价' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/evaluate' && url.searchParams.get('consumeId') === String(consumeId),
    );
    const form = page.getByRole('form', { name: '服务评价' });
    await form.waitFor();
    await form.getByRole('radio', { name: '4星' }).click();
    await form.getByRole('button', { name: '响应及时' }).click();
    await form.getByRole('textbox', { name: '评价内容（选填）' }).fill('绿色通道安排很快，陪诊人员很耐心。');
    expect(await form.getByText('17/200').isVisible()).toBe(true);
    await snap(page, 'flow_evaluate_form');
    const sent = page.waitForResponse((r) => r.url().includes('/gateway/user/permConsume/evaluate'));
    await form.getByRole('button', { name: '提交评价' }).click();
    expect((await (await sent).json()).code).toBe(200);
    await page.getByText('感谢您的评价！').waitFor();
    const mine = page.getByRole('region', { name: '我的评价' });
    expect(await mine.getByRole('img', { name: '评分 4 星' }).isVisible()).toBe(true);
    expect(await mine.getByText('绿色通道安排很快，陪诊人员很耐心。').isVisible()).toBe(true);
    await snap(page, 'flow_evaluate_done');

    // Back on the kept success screen: it reloaded the record (decision 0012), so it offers the
    // evaluation, not 去评价 again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/statusTwo');
    await page.getByRole('button', { name: '查看评价' }).waitFor();
    expect(await page.getByRole('button', { name: '去评价' }).count()).toBe(0);

    // The record shows evaluated under 使用记录.
    await page.goto('/rights?tab=records');
    const records = page.getByRole('region', { name: '使用记录' });
    await records.waitFor();
    await settle(page);
    await records.getByRole('button', { name: /已评价/ }).click();
    await settle(page);
    const record = records
      .getByRole('listitem')
      .filter({ hasText: '就医绿通' })
      .filter({ hasText: '核销成功' })
      .first();
    // Waited for, not read at once: under load the filtered list can draw before its rows settle.
    await record.getByText('已评价 · 4星').waitFor({ timeout: 20_000 });
    await snap(page, 'flow_records_evaluated');

    // Evaluating again: the screen shows the read-only view…
    await page.goto(`/evaluate?consumeId=${consumeId}`);
    await page.getByRole('region', { name: '我的评价' }).waitFor();
    expect(await page.getByRole('button', { name: '提交评价' }).count()).toBe(0);

    // …and the gateway refuses a second evaluation with 10001 该服务已评价.
    const again = await signedPost(page, '/gateway/user/permConsume/evaluate', {
      consumeId,
      score: 1,
      content: '再评一次',
    });
    expect(again).toMatchObject({ code: 10001, desc: '该服务已评价' });
    expect(errors).toEqual([]);
  });
});
