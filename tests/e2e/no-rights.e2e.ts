import { watchErrors } from './browser';
import { DEMO, sharedLoggedInContext } from './steps';

/**
 * A customer with no rights opens /rights: the portal sends them to the no-rights screen of the
 * indexCode's product line (docs/product.md §6.2; public/jsons/indexConfig.json maps indexCodes to lines).
 */
const customer = sharedLoggedInContext(DEMO.noRights);

describe('a customer without rights is sent to the screen of their product line', () => {
  it.each([
    ['index', '/noRights', '您暂时没有可查看的健康权益'],
    ['ebt', '/noRights/ebtNoRights', '暂未查到您的团体保障权益'],
    ['ryb', '/noRights/rybNoRights', '暂未查到您的长期健康管理权益'],
  ])('indexCode %s leads to %s', async (indexCode, path, heading) => {
    const page = await customer.newPage();
    const errors = watchErrors(page);
    await page.goto(`/rights?indexCode=${indexCode}`);
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await page.title()).toBe('暂无权益 - 健康服务平台');
    expect(errors).toEqual([]);
    await page.close();
  });
});
