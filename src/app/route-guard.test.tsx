import { screen, waitFor, within } from '@testing-library/react';
import type { MockInstance } from 'vitest';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { assignLocation } from '@/lib/browser-location';
import { useUserStore } from '@/stores/user';
import { renderScreen } from '../../tests/render';
import * as indexCode from './index-code';
import { buildRouteObjects } from './router';
import { notFoundRoute, routes } from './routes';

const CUSTOMER = '13800138000';
/** A concrete URL for a row (its parameters filled in). */
const urlOf = (path: string) => path.replace(':version', 'v1');
const screenOf = (path: string) => document.querySelector(`[data-screen="${urlOf(path)}"]`) as HTMLElement;

/** Decision 0028: the route guard and the variants, generated from the route table. */
describe('route guard, from the route table', () => {
  const required = routes.filter((route) => route.auth === 'required');

  it('guards the screens that are for customers only', () => {
    expect(required.map((route) => route.path)).toEqual([
      '/mine',
      '/mineNew',
      '/evaluate',
      '/servWriteOff',
      '/message',
      '/rights',
      '/statusOne',
      '/statusTwo',
      '/statusThree',
      '/my/info',
      '/my/share',
      '/my/shareNew',
    ]);
  });

  it.each(required.map((route) => [route.path, route] as const))(
    '%s shows a guest the logged-out view, whose 登录 keeps the screen and the product line',
    async (path, route) => {
      // The customer came from the ebt home (a tabbed screen stored its indexCode), then logged out.
      useUserStore.setState({ indexCode: 'ebt' });
      const { user, router } = renderScreen(urlOf(path));
      await screen.findByText(route.guest!.text);
      // The root layout adds a tabbed route's indexCode after its first render (the app, at start, before).
      if (route.tabBar) await waitFor(() => expect(router.state.location.search).toBe('?indexCode=ebt'));
      const view = within(screenOf(path));
      expect(view.getByText(route.guest!.text)).toBeInTheDocument();
      expect(screen.getByRole('main')).toContainElement(view.getByRole('button', { name: '登录' }));
      await user.click(view.getByRole('button', { name: '登录' }));
      expect(assignLocation).toHaveBeenCalledTimes(1);
      const target = new URL(vi.mocked(assignLocation).mock.calls[0][0], 'http://localhost');
      expect(new URL(target.searchParams.get('redirect_url')!).pathname).toBe(
        route.variant === 'new' ? '/transferPage1' : '/transferPage',
      );
      // Without an indexCode query the login keeps the stored product line (decision 0023).
      expect(target.searchParams.get('data')).toBe('ebt');
      expect(useUserStore.getState().fullPath).toBe(urlOf(path));
    },
  );

  it.each(required.map((route) => [route.path, route] as const))(
    '%s shows a customer the screen, not the logged-out view',
    async (path, route) => {
      renderScreen(urlOf(path), { user: CUSTOMER });
      await waitFor(() => expect(screenOf(path)).not.toBeNull(), { timeout: 20_000 });
      const view = within(screenOf(path));
      expect(await view.findByRole('heading', { level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
      expect(view.queryByText(route.guest!.text)).not.toBeInTheDocument();
      expect(view.queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
    },
  );
});

function VariantProbe() {
  const { path, variant } = useRouteMeta();
  return <p>{`${path} → ${variant ?? 'plain'}`}</p>;
}

/**
 * A tabbed screen opened without `indexCode` is drawn once before the root layout writes the stored
 * one into its URL, and the router's state changes a render before the screen does. A tap in
 * those frames keeps the product line the URL is about to carry.
 */
describe('a tabbed screen before its URL has its indexCode', () => {
  let held: MockInstance<typeof indexCode.searchWithIndexCode>;
  beforeEach(() => {
    // The root layout never writes the screen's indexCode into its URL, which holds the screen
    // in the frames before it does.
    held = vi.spyOn(indexCode, 'searchWithIndexCode').mockReturnValue(null);
    useUserStore.setState({ indexCode: 'ebt' });
  });
  afterEach(() => held.mockRestore());

  it.each(['/mine', '/mineNew'])("%s: a guest's 登录 keeps the stored product line", async (path) => {
    const { user, router } = renderScreen(path);
    const view = within(await screen.findByRole('main'));
    await user.click(await view.findByRole('button', { name: '登录' }));
    expect(router.state.location.search).toBe('');
    const target = new URL(vi.mocked(assignLocation).mock.calls[0][0], 'http://localhost');
    expect(target.searchParams.get('data')).toBe('ebt');
  });

  it("a guest's tab keeps the stored product line", async () => {
    const { user } = renderScreen('/index');
    await user.click(await screen.findByRole('button', { name: '我的' }));
    const target = new URL(vi.mocked(assignLocation).mock.calls[0][0], 'http://localhost');
    expect(target.searchParams.get('data')).toBe('ebt');
  });

  it("a customer's tab stays in the stored product line", async () => {
    const { user, router } = renderScreen('/index', { user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: '我的' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
    expect(router.state.location.search).toBe('?indexCode=ebt');
  });
});

describe('variants, from the route table', () => {
  // The real table with one probe screen: every path reaches a screen that reads its own row.
  const probed = buildRouteObjects(
    routes.map((route) => ({ ...route, screen: () => Promise.resolve({ default: VariantProbe }) })),
    notFoundRoute,
  );

  it.each(routes.filter((route) => route.variant).map((route) => [route.path, route.variant] as const))(
    '%s reaches its screen as %s',
    async (path, variant) => {
      renderScreen(urlOf(path), { user: CUSTOMER, routes: probed });
      expect(await screen.findByText(`${path} → ${variant}`)).toBeInTheDocument();
    },
  );
});
