// @vitest-environment jsdom
// jsdom: happy-dom misses the accessible name of the unread-notices link (decision 0066).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { assignLocation } from '@/lib/browser-location';
import { useThemeStore } from '@/stores/theme';
import { endpoints } from '@contract/endpoints';
import type { IndexConfig, ServiceCatalog } from '@contract/types';
import config from '../../../public/jsons/indexConfig.json';
import catalog from '../../../public/jsons/serviceCatalog.json';
import { url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

const CUSTOMER = '13800138000';
const tabIcons = () =>
  within(screen.getByRole('navigation', { name: '底部导航' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('svg'));

/** Counts requests to a path (msw `passthrough`-free spy: answers with the default handler after). */
function countRequests(path: string) {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(path)) seen.push(request.url);
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

describe('/index', () => {
  it('shows banners and the service grid to a visitor, with a login hint and no ticker', async () => {
    const { user } = renderScreen('/index');
    expect(await screen.findByText('年度体检，预约即享')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '在线问诊' })).toHaveAttribute(
      'href',
      '/servInform?code=online_consult&indexCode=index',
    );
    expect(screen.queryByRole('link', { name: /查看全部消息/ })).not.toBeInTheDocument();
    expect(screen.queryByText('我的权益')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(assignLocation).toHaveBeenCalledWith(expect.stringContaining('/sso/login?redirect_url='));
  });

  it('shows the latest unread notice and my available rights when logged in', async () => {
    const { router, user } = renderScreen('/index?indexCode=index', { user: CUSTOMER });
    // Named by what it shows (label in name): 消息, the title, the position; 未读 and the destination added for screen readers.
    const ticker = await screen.findByRole('link', { name: /^未读\s*消息\s*核销码已过期\s*1\/5\s*，查看全部消息$/ });
    expect(ticker).toHaveAttribute('href', '/message');
    // The screen is the page's main landmark (axe landmark-one-main, region).
    expect(screen.getByRole('main')).toContainElement(ticker);
    const summary = await screen.findByRole('link', { name: /我的权益/ });
    await waitFor(() => expect(summary).toHaveTextContent('可使用 4 项'));
    await user.click(summary);
    await waitFor(() => expect(router.state.location.pathname).toBe('/rights'));
  });

  it('reads the ticker from prefix A (classic screen)', async () => {
    const a = countRequests(endpoints.noticeList);
    renderScreen('/index', { user: CUSTOMER });
    await screen.findByRole('link', { name: /未读消息/ });
    expect(a.length).toBeGreaterThan(0);
    expect(a[0]).toContain('/gateway/user/noticeInfo/list');
    expect(a[0]).toContain('readFlag=0');
  });

  it('keeps the ticker’s line when nothing is unread, saying so (nothing below it moves)', async () => {
    server.use(
      http.get(url(endpoints.noticeList), () =>
        HttpResponse.json({ code: 200, desc: '', obj: { list: [], total: 0, pageNum: 1, pageSize: 5 } }),
      ),
    );
    renderScreen('/index', { user: CUSTOMER });
    await screen.findByRole('link', { name: /我的权益/ });
    await waitFor(() => expect(screen.getByRole('link', { name: /我的权益/ })).toHaveTextContent('可使用'));
    const ticker = await screen.findByRole('link', { name: /^消息\s*暂无未读消息\s*，查看全部消息$/ });
    expect(ticker).toHaveAttribute('href', '/message');
    expect(screen.queryByRole('link', { name: /^未读/ })).not.toBeInTheDocument();
  });

  it('claims no 暂无未读消息 when the ticker’s call failed: it only leads to the messages', async () => {
    server.use(http.get(url(endpoints.noticeList), () => HttpResponse.error()));
    renderScreen('/index', { user: CUSTOMER });
    const ticker = await screen.findByRole('link', { name: /^消息\s*查看全部消息$/ });
    expect(ticker).toHaveAttribute('href', '/message');
    expect(screen.queryByText('暂无未读消息')).not.toBeInTheDocument();
  });

  it('holds the places of the ticker and the summary while their calls are unanswered', async () => {
    // Held until the checks are done, then answered by the default handlers: the setup waits
    // for every request a test sent before the next test starts.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(url(endpoints.noticeList), () => held));
    server.use(http.get(url(endpoints.rightsList), () => held));
    try {
      const { container } = renderScreen('/index', { user: CUSTOMER });
      await screen.findByText('年度体检，预约即享');
      expect(container.querySelector('.notice-ticker[aria-busy="true"]')).toBeInTheDocument();
      expect(within(screen.getByRole('link', { name: /我的权益/ })).getByLabelText('加载中')).toBeInTheDocument();
    } finally {
      release();
    }
  });

  it('shows the early files that arrived before the app ran at once: no skeleton, no second fetch', async () => {
    const indexConfig = structuredClone(config) as unknown as IndexConfig;
    indexConfig.index.banners[0].title = '早到的横幅';
    (window.__early ??= {}).arrived = { indexConfig, serviceCatalog: catalog as unknown as ServiceCatalog };
    const fetched = countRequests('/jsons/indexConfig.json');
    const skeletons: Element[] = [];
    const watch = new MutationObserver(() => skeletons.push(...document.querySelectorAll('.home-skeleton')));
    watch.observe(document.body, { childList: true, subtree: true });
    try {
      renderScreen('/index', { user: CUSTOMER });
      expect(await screen.findByText('早到的横幅')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '在线问诊' })).toBeInTheDocument();
    } finally {
      watch.disconnect();
    }
    expect(skeletons).toEqual([]);
    expect(fetched).toEqual([]);
    // Taken once: a later home reads the files through the client.
    expect(window.__early?.arrived).toBeUndefined();
  });

  it('opens more services from 更多', async () => {
    const { router, user } = renderScreen('/index?indexCode=ebt');
    await user.click(await screen.findByRole('button', { name: '更多' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/servMore'));
    expect(router.state.location.search).toBe('?indexCode=ebt');
  });

  it('shows a retry view when the configuration cannot load, and recovers', async () => {
    server.use(http.get('*/jsons/:name', () => HttpResponse.error(), { once: true }));
    const { user } = renderScreen('/index');
    await user.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('年度体检，预约即享')).toBeInTheDocument();
  });

  it('switches the theme from the indexCode: ebt gets the year_red tab icons', async () => {
    renderScreen('/index?indexCode=ebt');
    await screen.findByText('就医绿通，专家号不再难约');
    await waitFor(() => expect(useThemeStore.getState().theme).toBe('year_red'));
    await waitFor(() => tabIcons().forEach((svg) => expect(svg).toHaveAttribute('data-theme', 'year_red')));
    expect(document.documentElement.dataset.theme).toBe('year_red');
  });

  it('keeps standard_blue icons for the default indexCode', async () => {
    renderScreen('/index');
    await screen.findByText('年度体检，预约即享');
    tabIcons().forEach((svg) => expect(svg).toHaveAttribute('data-theme', 'standard_blue'));
  });
});

describe('/indexNew', () => {
  it('shows the new-theme home under tab bar two, notices from prefix B', async () => {
    const b = countRequests(endpoints.noticeListB);
    const { container } = renderScreen('/indexNew', { user: CUSTOMER });
    expect(await screen.findByText('10分钟，了解自己的健康风险')).toBeInTheDocument();
    expect(container.querySelector('.tab-bar--two')).toBeInTheDocument();
    await screen.findByRole('link', { name: /未读消息/ });
    expect(b.length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /^健康评测/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/servInform1?code=health_assess'),
    );
    await waitFor(() => expect(useThemeStore.getState().theme).toBe('indexNew'));
  });

  it('shows a retry view on error', async () => {
    server.use(http.get('*/jsons/:name', () => HttpResponse.error()));
    renderScreen('/indexNew');
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
