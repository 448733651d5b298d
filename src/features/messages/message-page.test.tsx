// @vitest-environment jsdom
// jsdom: tests/pull-to-refresh.ts's Window stand-in breaks happy-dom's layout (decision 0066).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useUnreadStore } from '@/stores/unread';
import { endpoints } from '@contract/endpoints';
import { db } from '../../../tests/mocks/db';
import { ok, url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

const CUSTOMER = '13800138000';
const listItems = () => within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('listitem');

/**
 * jsdom has no layout: InfiniteScroll sees no offsetParent and a zero-sized box. Give it a
 * parent, and put its sentinel far below the viewport until the test "scrolls" to it.
 */
let sentinelTop = 10_000;
beforeEach(() => {
  sentinelTop = 10_000;
  vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('adm-infinite-scroll'))
      return {
        top: sentinelTop,
        bottom: sentinelTop + 40,
        left: 0,
        right: 375,
        width: 375,
        height: 40,
        x: 0,
        y: sentinelTop,
        toJSON() {},
      } as DOMRect;
    return original.call(this);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('/message', () => {
  it('lists ten notices with type labels, times and unread dots, and loads the next page on scroll', async () => {
    renderScreen('/message', { user: CUSTOMER });
    // The first test pays for transforming the screen's chunk: allow it time.
    await screen.findByRole('list', { name: '消息列表' });
    await waitFor(() => expect(listItems()).toHaveLength(10));
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('list', { name: '消息列表' }));
    const first = listItems()[0];
    expect(first).toHaveTextContent('系统通知');
    expect(first).toHaveTextContent('平台用户协议已更新');
    expect(first).toHaveTextContent('2026-10-01 09:00');
    // Named by what it shows (label in name), 未读 added for screen readers: time and summary included.
    expect(
      screen.getByRole('button', {
        name: /^未读，\s*服务提醒\s*2026-09-20 15:25\s*核销码已过期\s*您在 09-20 15:10 生成的/,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^系统通知\s*2026-10-01 09:00\s*平台用户协议已更新/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(5);
    expect(await screen.findByText('5条未读')).toBeInTheDocument();
    // The more-loader arrives after the list has painted (decision 0039), and still only the
    // first page shows: the sentinel is far below.
    expect(await screen.findByText('加载中')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(listItems()).toHaveLength(10);

    sentinelTop = 300;
    fireEvent.scroll(window);
    await waitFor(() => expect(listItems()).toHaveLength(14));
    expect(screen.getByText('欢迎使用健康服务平台', { exact: false })).toBeInTheDocument();
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
  });

  it('renders hostile notice HTML inert in the popup, and marks the notice read', async () => {
    const { user } = renderScreen('/message', { user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: /您的体检报告已生成/ }));
    const dialog = await screen.findByRole('dialog', { name: '您的体检报告已生成' });
    await within(dialog).findByText(/共2项指标异常/);
    const content = dialog.querySelector('.notice-popup__content')!;
    expect(content.querySelector('script')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(content.querySelector('img')).toBeNull();
    expect(content.innerHTML).not.toMatch(/onerror|alert|javascript:/i);
    for (const a of content.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
      expect(a.getAttribute('onclick')).toBeNull();
    }
    // The harmless link survives as a same-origin path; the javascript: one loses its href.
    expect(within(dialog).getByText('我的权益').getAttribute('href')).toBe('/rights');
    expect(within(dialog).getByText('点此查看')).not.toHaveAttribute('href');

    // Opening it marked it read: the dot went, the count followed.
    await waitFor(() => expect(screen.getAllByTestId('unread-dot')).toHaveLength(4));
    expect(db.notices.find((n) => n.id === 6)?.readFlag).toBe(1);
    expect(useUnreadStore.getState().unreadCount).toBe(4);
  });

  it('offers 查看详情 for a notice with a link, which opens the same-origin page', async () => {
    const { user, router } = renderScreen('/message', { user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: /齿科保健已核销，欢迎评价/ }));
    const dialog = await screen.findByRole('dialog', { name: '齿科保健已核销，欢迎评价' });
    // The popup ignores pointers while it animates in; a tap after that is a click.
    fireEvent.click(within(dialog).getByRole('button', { name: '查看详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rights'));
    expect(router.state.location.search).toBe('?tab=records');
  });

  it('offers no 查看详情 for a notice whose link leaves the origin', async () => {
    db.notices.find((n) => n.title === '齿科保健已核销，欢迎评价')!.linkUrl = 'https://evil.example/x';
    const { user } = renderScreen('/message', { user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: /齿科保健已核销，欢迎评价/ }));
    const dialog = await screen.findByRole('dialog', { name: '齿科保健已核销，欢迎评价' });
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '查看详情' })).toBeNull();
  });

  it('全部已读 clears every dot and every unread badge at once', async () => {
    const { user, router } = renderScreen('/message', { user: CUSTOMER });
    expect(await screen.findByText('5条未读')).toBeInTheDocument();
    // The list is a request of its own, rendered when it arrives.
    expect(await screen.findAllByTestId('unread-dot')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(screen.getByText('暂无未读消息')).toBeInTheDocument();
    expect(useUnreadStore.getState().unreadCount).toBe(0);
    expect(db.notices.filter((n) => n.userId === 'u-13800138000' && n.readFlag === 0)).toHaveLength(0);
    expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();

    // The tab bar's 我的 badge went too.
    await act(() => router.navigate('/mine?indexCode=index'));
    await screen.findByRole('navigation', { name: '底部导航' });
    expect(screen.queryByLabelText(/条未读消息/)).toBeNull();
  });

  it('claims no 暂无未读消息 before the first page is known: the count line is read aloud', async () => {
    // Held until the checks are done, then answered by the default handlers.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(url(endpoints.noticeList), () => held));
    server.use(http.get(url(endpoints.noticeCount), () => held));
    try {
      const { container } = renderScreen('/message', { user: CUSTOMER });
      await screen.findByLabelText('加载中');
      const count = container.querySelector('.messages__count');
      expect(count).toBeInTheDocument();
      expect(count).toHaveTextContent(/^$/);
      expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
    } finally {
      release();
    }
    expect(await screen.findByText('5条未读')).toBeInTheDocument();
  });

  it('claims no 暂无未读消息 when neither the list nor the count could be loaded', async () => {
    server.use(http.get(url(endpoints.noticeList), () => HttpResponse.error()));
    server.use(http.get(url(endpoints.noticeCount), () => HttpResponse.error()));
    const { container } = renderScreen('/message', { user: CUSTOMER });
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(container.querySelector('.messages__count')).toHaveTextContent(/^$/);
  });

  it('shows 暂无消息 when there are none', async () => {
    server.use(http.get(url(endpoints.noticeList), () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 })));
    renderScreen('/message', { user: CUSTOMER });
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
    // axe page-has-heading-one: the screen's one h1 (visually hidden) names it.
    expect(screen.getByRole('heading', { level: 1, name: '消息中心' })).toBeInTheDocument();
  });
});
