import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { assignLocation, reloadPage } from '@/lib/browser-location';
import { useUserStore } from '@/stores/user';
import { expectConsole } from '../../scripts/console-guard';
import { loginGatewayUrl } from '../../tests/login-state';
import { renderScreen } from '../../tests/render';
import { addIndexCodeToStartUrl } from './index-code';
import { navigationTargetChanged, RELOAD_KEY } from './lazy-screen';
import { buildRouteObjects, createAppRouter, routerReady } from './router';
import type { RouteDef } from './routes';

const screenModule = (Component: () => React.ReactNode) => () => Promise.resolve({ default: Component });

function KeptForm() {
  return (
    <div>
      <label>
        保留的输入
        <input />
      </label>
      <Link to="/plain">去普通页</Link>
    </div>
  );
}

function PlainForm() {
  return (
    <label>
      普通输入
      <input />
    </label>
  );
}

let ticks = 0;
function Poller() {
  useEffect(() => {
    const timer = setInterval(() => (ticks += 1), 10);
    return () => clearInterval(timer);
  }, []);
  return <p>轮询页</p>;
}

function WithPopup() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开弹层
      </button>
      {open && createPortal(<div role="dialog">弹层内容</div>, document.body)}
    </>
  );
}

let releaseData: (() => void) | undefined;
/** A screen that is not kept, whose data arrives later: it is remounted, short until then. */
function LateData() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    releaseData = () => setReady(true);
    return () => {
      releaseData = undefined;
    };
  }, []);
  return (
    <PageState loading={!ready}>
      <p>晚到的数据</p>
    </PageState>
  );
}

const table: RouteDef[] = [
  { path: '/index', auth: 'optional', screen: screenModule(() => <p>首页内容</p>), title: '首页', keepAlive: true },
  { path: '/kept', auth: 'optional', screen: screenModule(KeptForm), title: '保留页', keepAlive: true },
  { path: '/plain', auth: 'optional', screen: screenModule(PlainForm), title: '普通页' },
  { path: '/poller', auth: 'optional', screen: screenModule(Poller), title: '轮询', keepAlive: true },
  { path: '/popup', auth: 'optional', screen: screenModule(WithPopup), title: '弹层', keepAlive: true },
  { path: '/late', auth: 'optional', screen: screenModule(LateData), title: '晚到' },
];
const notFound: RouteDef = {
  path: '*',
  auth: 'optional',
  screen: screenModule(() => <p>页面不存在</p>),
  title: '页面不存在',
};

const render = (path: string, extra: RouteDef[] = []) =>
  renderScreen(path, { routes: buildRouteObjects([...table, ...extra], notFound) });

describe('route table basics', () => {
  it('redirects / to /index, keeping the query', async () => {
    const { router } = render('/?indexCode=ebt');
    await screen.findByText('首页内容');
    expect(router.state.location.pathname).toBe('/index');
    expect(router.state.location.search).toBe('?indexCode=ebt');
  });

  it('shows the not-found screen for any other path, with its title', async () => {
    render('/no/such/page');
    await screen.findByText('页面不存在');
    expect(document.title).toBe('页面不存在 - 健康服务平台');
  });

  it('sets "title - platform" on each navigation, before the screen has loaded', async () => {
    let release!: () => void;
    const slow: RouteDef = {
      path: '/slow',
      auth: 'optional',
      title: '慢页面',
      screen: () => new Promise((resolve) => (release = () => resolve({ default: () => <p>慢页面内容</p> }))),
    };
    const { router } = render('/index', [slow]);
    await screen.findByText('首页内容');
    expect(document.title).toBe('首页 - 健康服务平台');
    act(() => void router.navigate('/slow'));
    await waitFor(() => expect(document.title).toBe('慢页面 - 健康服务平台'));
    expect(screen.queryByText('慢页面内容')).not.toBeInTheDocument();
    act(() => release());
    await screen.findByText('慢页面内容');
  });

  it('uses the platform name alone for a route without a title', async () => {
    const { router } = render('/index', [
      { path: '/untitled', auth: 'optional', screen: screenModule(() => <p>无标题</p>) },
    ]);
    await screen.findByText('首页内容');
    await act(() => router.navigate('/untitled'));
    await screen.findByText('无标题');
    expect(document.title).toBe('健康服务平台');
  });
  it('shows every screen, kept or not, in the one <main> of the layout, the tab bar outside it', async () => {
    const tabbed: RouteDef = {
      path: '/tabbed',
      auth: 'optional',
      screen: screenModule(() => <p>带底栏</p>),
      keepAlive: true,
      tabBar: 'one',
    };
    const { router } = render('/kept', [tabbed]);
    await screen.findByLabelText('保留的输入');
    await act(() => router.navigate('/plain'));
    const main = screen.getByRole('main');
    expect(main).toContainElement(await screen.findByLabelText('普通输入'));
    await act(() => router.navigate('/tabbed?indexCode=index'));
    await screen.findByText('带底栏');
    expect(screen.getAllByRole('main')).toEqual([main]);
    expect(main).toContainElement(screen.getByText('带底栏'));
    expect(main).not.toContainElement(screen.getByRole('navigation', { name: '底部导航' }));
    expect(document.querySelectorAll('main')).toHaveLength(1);
  });
  it("gives each screen's RouteHeading its own route's title, also a kept screen hidden behind another", async () => {
    const headed = (text: string) =>
      screenModule(() => (
        <>
          <RouteHeading />
          <p>{text}</p>
        </>
      ));
    const { router } = render('/index', [
      { path: '/headed', auth: 'optional', screen: headed('保留的内容'), title: '保留的标题', keepAlive: true },
      { path: '/other', auth: 'optional', screen: headed('另一页内容'), title: '另一页标题' },
    ]);
    await screen.findByText('首页内容');
    await act(() => router.navigate('/headed'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('保留的标题');
    await act(() => router.navigate('/other'));
    await screen.findByText('另一页内容');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('另一页标题');
    const all = screen.getAllByRole('heading', { level: 1, hidden: true }).map((h) => h.textContent);
    expect(all.sort()).toEqual(['保留的标题', '另一页标题'].sort());
  });
});

describe('keep-alive (docs/product.md §2, docs/product.md §2.5)', () => {
  it('keeps a kept screen’s typed input and resets an unflagged one', async () => {
    const { router, user } = render('/kept');
    await user.type(await screen.findByLabelText('保留的输入'), '张三');
    await user.click(screen.getByRole('link', { name: '去普通页' }));
    await user.type(await screen.findByLabelText('普通输入'), '李四');

    await act(() => router.navigate(-1));
    expect(await screen.findByLabelText('保留的输入')).toHaveValue('张三');
    await act(() => router.navigate(1));
    expect(await screen.findByLabelText('普通输入')).toHaveValue('');
  });

  it('hides a kept screen while another shows, and runs none of its effects (polls stop)', async () => {
    const { router } = render('/poller');
    await screen.findByText('轮询页');
    await waitFor(() => expect(ticks).toBeGreaterThan(2));
    await act(() => router.navigate('/plain'));
    await screen.findByLabelText('普通输入');
    expect(screen.getByText('轮询页')).not.toBeVisible();
    const before = ticks;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ticks).toBe(before);
  });

  it('does not leave a hidden screen’s popup on top', async () => {
    const { router, user } = render('/popup');
    await user.click(await screen.findByRole('button', { name: '打开弹层' }));
    expect(screen.getByRole('dialog')).toBeVisible();
    await act(() => router.navigate('/plain'));
    await screen.findByLabelText('普通输入');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('scroll (docs/product.md §2)', () => {
  it('restores the position on back and starts at the top otherwise, forward included', async () => {
    const { router } = render('/kept');
    await screen.findByLabelText('保留的输入');
    window.scrollTo(0, 480);
    await act(() => router.navigate('/plain'));
    await screen.findByLabelText('普通输入');
    expect(window.scrollY).toBe(0);
    window.scrollTo(0, 120);
    await act(() => router.navigate(-1));
    await screen.findByLabelText('保留的输入');
    expect(window.scrollY).toBe(480);
    await act(() => router.navigate(1));
    await screen.findByLabelText('普通输入');
    expect(window.scrollY).toBe(0);
    await act(() => router.navigate('/index'));
    await screen.findByText('首页内容');
    expect(window.scrollY).toBe(0);
  });

  it('restores a remounted screen once its data shows, not while its skeleton is too short', async () => {
    // jsdom does not clamp scrolling: here the page can scroll only as far as its content allows.
    const scrollTo = window.scrollTo;
    const scrollSpy = vi.spyOn(window, 'scrollTo').mockImplementation((x?: number | ScrollToOptions, y?: number) => {
      const wanted = typeof x === 'object' ? (x.top ?? 0) : (y ?? 0);
      scrollTo(0, screen.queryByText('晚到的数据') ? wanted : 0);
    });
    try {
      const { router } = render('/late');
      await waitFor(() => expect(releaseData).toBeDefined());
      act(() => releaseData!());
      await screen.findByText('晚到的数据');
      window.scrollTo(0, 900);
      await act(() => router.navigate('/plain'));
      await screen.findByLabelText('普通输入');
      await act(() => router.navigate(-1));
      await waitFor(() => expect(releaseData).toBeDefined());
      expect(screen.queryByText('晚到的数据')).toBeNull();
      expect(window.scrollY).toBe(0);
      act(() => releaseData!());
      await screen.findByText('晚到的数据');
      await waitFor(() => expect(window.scrollY).toBe(900));
    } finally {
      scrollSpy.mockRestore();
    }
  });
});

describe('a screen chunk that fails to load (docs/product.md §2.8)', () => {
  const broken = (failures: number): RouteDef => {
    let calls = 0;
    return {
      path: '/broken',
      auth: 'optional',
      title: '坏页面',
      screen: () =>
        ++calls <= failures
          ? Promise.reject(new Error('chunk failed'))
          : Promise.resolve({ default: () => <p>恢复了</p> }),
    };
  };

  it('retries once and shows the screen when the retry loads', async () => {
    render('/broken', [broken(1)]);
    await screen.findByText('恢复了');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the page once when the retry fails too', async () => {
    render('/broken', [broken(2)]);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOAD_KEY)).not.toBeNull();
  });

  it('loads the navigation target, not the screen being left, when a tap leads to the broken screen', async () => {
    sessionStorage.removeItem(RELOAD_KEY);
    navigationTargetChanged('/broken?from=tap');
    try {
      render('/broken', [broken(2)]);
      await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/broken?from=tap'));
      expect(reloadPage).not.toHaveBeenCalled();
    } finally {
      navigationTargetChanged(undefined);
    }
  });

  it("keeps the reload guard while Vite's preload-error recovery reloads (the import then resolves empty)", async () => {
    sessionStorage.setItem(RELOAD_KEY, 'set by the vite:preloadError listener');
    render('/broken', [
      { path: '/broken', auth: 'optional', title: '坏页面', screen: () => Promise.resolve(undefined as never) },
    ]);
    await waitFor(() => expect(document.title).toBe('坏页面 - 健康服务平台'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionStorage.getItem(RELOAD_KEY)).toBe('set by the vite:preloadError listener');
    expect(screen.queryByText('页面加载失败')).toBeNull();
  });

  it('shows a retry view, not a blank page or a loop, when it still fails after the reload', async () => {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    // react-router reports the error its boundary caught, once per render of the boundary.
    expectConsole('error', 'chunk failed');
    const { user } = render('/broken', [broken(2)]);
    await screen.findByText('页面加载失败');
    expect(reloadPage).not.toHaveBeenCalled();
    // It stands in for the layout: the page's one main landmark and one h1, the message an alert.
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('请检查网络后重试');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('页面加载失败');
    await user.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_KEY)).toBeNull();
  });

  it("tells index.html's start watchdog the app has started: the retry view is the app's own", async () => {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    expectConsole('error', 'chunk failed');
    window.__appStarted = vi.fn();
    try {
      render('/broken', [broken(2)]);
      await screen.findByText('页面加载失败');
      // An effect: it may run a little after the view is on screen.
      await waitFor(() => expect(window.__appStarted).toHaveBeenCalled(), { timeout: 20_000 });
    } finally {
      delete window.__appStarted;
    }
  });
});

describe("the start watchdog's signal (decision 0058)", () => {
  afterEach(() => {
    delete window.__appStarted;
  });

  it('is given once the root layout has rendered a screen', async () => {
    window.__appStarted = vi.fn();
    render('/index');
    await screen.findByText('首页内容');
    await waitFor(() => expect(window.__appStarted).toHaveBeenCalled(), { timeout: 20_000 });
  });
});

describe('tab bars (docs/product.md §2)', () => {
  // Bar two returns through /transferPage1 (docs/product.md §2.3).
  it.each([
    ['/index', '/transferPage'],
    ['/indexNew', '/transferPage1'],
  ])(
    'sends a logged-out tap on %s to the login gateway with the exact URL through %s, saving the full path',
    async (home, transfer) => {
      const { user } = renderScreen(`${home}?indexCode=ebt`);
      await user.click(await screen.findByRole('button', { name: '我的' }));
      expect(assignLocation).toHaveBeenCalledWith(loginGatewayUrl(transfer, 'h5portal', 'ebt'));
      expect(useUserStore.getState().fullPath).toBe(`${home}?indexCode=ebt`);
    },
  );

  it('treats a session without a bound mobilePhone as logged out (docs/product.md §4)', async () => {
    const { user } = renderScreen('/index?indexCode=ebt', { user: '13800138000' });
    const { userInfo } = useUserStore.getState();
    act(() => useUserStore.setState({ userInfo: { ...userInfo!, mobilePhone: '' } }));
    await user.click(await screen.findByRole('button', { name: '我的' }));
    expect(assignLocation).toHaveBeenCalledTimes(1);
    expect(useUserStore.getState().fullPath).toBe('/index?indexCode=ebt');
  });

  it("starts the app's own browser router in two steps, on /index with indexCode, titled", async () => {
    window.history.replaceState(null, '', '/index');
    // As main.tsx does: the start URL's indexCode first (a task of its own), then the router.
    addIndexCodeToStartUrl();
    const router = createAppRouter();
    // Built, not started: the first navigation waits for initialize() (decision 0015, a task of its own).
    expect(router.state.initialized).toBe(false);
    router.initialize();
    await routerReady(router);
    expect(router.state.location).toMatchObject({ pathname: '/index', search: '?indexCode=index' });
    expect(router.state.errors).toBeNull();
    expect(document.title).toBe('首页 - 健康服务平台');
    router.dispose();

    // `/` follows its redirect (the root layout adds indexCode once it renders).
    window.history.replaceState(null, '', '/');
    const fromRoot = createAppRouter();
    fromRoot.initialize();
    await routerReady(fromRoot);
    expect(fromRoot.state.location.pathname).toBe('/index');
    expect(window.location.pathname).toBe('/index');
    fromRoot.dispose();
  });

  it('adds indexCode=index to a tabbed route that lacks it', async () => {
    const { router } = renderScreen('/mine');
    // The first render of /mine compiles its chunk under vitest: allow for that.
    await waitFor(() => expect(router.state.location.search).toBe('?indexCode=index'));
  });
});
