import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { installTitles } from './title';

vi.mock('react-router-dom', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-router-dom')>();
  return { ...original, matchRoutes: vi.fn(original.matchRoutes) };
});

// Lazy, as the app's screens are: a navigation is pending while its chunk loads.
const screen = () => Promise.resolve({ element: null });
const routes: RouteObject[] = [
  { path: '/index', lazy: screen, handle: { title: '首页' } },
  { path: '/message', lazy: screen, handle: { title: '消息' } },
  { path: '/untitled', lazy: screen },
];

describe('titles (docs/product.md §1) without ranking the route table more than needed (decision 0003)', () => {
  beforeEach(() => {
    vi.mocked(matchRoutes).mockClear();
  });

  it('takes the first title and the settled states from the router, matching only a started navigation', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/index'] });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 30_000 });
    installTitles(router, routes);
    expect(document.title).toBe('首页 - 健康服务平台');
    expect(matchRoutes).not.toHaveBeenCalled();

    await router.navigate('/message');
    expect(document.title).toBe('消息 - 健康服务平台');
    // Once as the navigation started (the title comes before the screen), not again when it ended.
    expect(matchRoutes).toHaveBeenCalledTimes(1);

    await router.navigate('/untitled');
    expect(document.title).toBe('健康服务平台');
    router.dispose();
  });
});
