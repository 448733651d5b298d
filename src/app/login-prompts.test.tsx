import { screen, within } from '@testing-library/react';
import { assignLocation } from '@/lib/browser-location';
import { useUserStore } from '@/stores/user';
import { renderScreen } from '../../tests/render';

/**
 * docs/product.md §4.2: the login starts with the customer's indexCode. Screens without a tab bar,
 * opened from the personal centre's menu or the home's ticker without an `indexCode` query, keep
 * the product line the last tabbed screen stored (decision 0023), so an `ebt` customer returns to
 * the `ebt` home. The logged-out view of every `auth: 'required'` row is tested from the route
 * table (route-guard.test.tsx); here, the prompts of public screens and the query's precedence.
 */
const loginTarget = () => new URL(vi.mocked(assignLocation).mock.calls.at(-1)![0], 'http://localhost');

describe('login prompts of screens without a tab bar', () => {
  it.each([
    ['/servInform?code=online_consult', '/transferPage'],
    ['/servInform1?code=online_consult', '/transferPage1'],
  ])('%s starts the login with the stored indexCode, not the default', async (path, transferPage) => {
    useUserStore.setState({ indexCode: 'ebt' });
    const { user } = renderScreen(path);
    const panel = await screen.findByRole('region', { name: '我的权益' });
    await user.click(within(panel).getByRole('button', { name: '登录' }));
    expect(loginTarget().searchParams.get('data')).toBe('ebt');
    expect(new URL(loginTarget().searchParams.get('redirect_url')!).pathname).toBe(transferPage);
  });

  it("prefers the screen's own indexCode query", async () => {
    useUserStore.setState({ indexCode: 'ebt' });
    const { user } = renderScreen('/message?indexCode=ryb');
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(loginTarget().searchParams.get('data')).toBe('ryb');
  });
});
