// @vitest-environment jsdom
// jsdom: tests/pull-to-refresh.ts's Window stand-in breaks happy-dom's layout (decision 0066).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { endpoints } from '@contract/endpoints';
import { db } from '../../../tests/mocks/db';
import { url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { allowPullToRefresh, pullDown } from '../../../tests/pull-to-refresh';
import { renderScreen } from '../../../tests/render';

const CUSTOMER = '13800138000';
const EMPTY = '13700137000';

/** jsdom has no layout: give InfiniteScroll a parent so it checks (and loads) at once. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
});
afterEach(() => vi.restoreAllMocks());
allowPullToRefresh();

describe('/rights', () => {
  it('lists usable rights with product line, masked policy, remaining times and validity', async () => {
    renderScreen('/rights', { user: CUSTOMER });
    const link = await screen.findByRole('link', { name: '就医绿通' });
    const card = link.closest('.right-card')!;
    expect(card).toHaveTextContent('团体保障');
    expect(card).toHaveTextContent('G2025****0376');
    expect(card).toHaveTextContent('剩余 3 次（共 3 次）');
    expect(card).toHaveTextContent('2025-07-01 至 2029-12-31');
    expect(link).toHaveAttribute('href', expect.stringContaining('/servInform?code=green_channel'));
    // Named by what it shows (label in name); the rest of the card is its description.
    expect(link).toHaveAccessibleDescription(
      '团体保障 可使用 剩余 3 次（共 3 次） 有效期 2025-07-01 至 2029-12-31 保单号 G2025****0376',
    );
    expect(screen.getByRole('link', { name: '在线问诊' })).toHaveAccessibleDescription(/不限次数/);
    expect(screen.queryByRole('link', { name: /^眼科检查/ })).not.toBeInTheDocument();
    expect(document.title).toBe('我的权益 - 健康服务平台');
  });

  it('switches tabs to used and expired rights', async () => {
    const { router, user } = renderScreen('/rights', { user: CUSTOMER });
    await screen.findByRole('link', { name: /^就医绿通/ });
    await user.click(screen.getByRole('tab', { name: /已使用/ }));
    expect(await screen.findByRole('link', { name: '心理咨询' })).toHaveAccessibleDescription(/剩余 0 次（共 4 次）/);
    expect(router.state.location.search).toContain('tab=used');
    await user.click(screen.getByRole('tab', { name: /已过期/ }));
    expect(await screen.findByRole('link', { name: /^眼科检查/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^体检报告解读/ })).toBeInTheDocument();
  });

  it('opens the service of a right', async () => {
    const { router, user } = renderScreen('/rights', { user: CUSTOMER });
    await user.click(await screen.findByRole('link', { name: /^齿科保健/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servInform'));
    await screen.findByRole('heading', { name: '齿科保健' });
    await screen.findByRole('button', { name: '立即使用' });
  });

  it('shows the empty view in a tab with nothing in it', async () => {
    db.rights = db.rights.filter((r) => r.id !== 7 && r.id !== 8);
    renderScreen('/rights?tab=expired', { user: CUSTOMER });
    expect(await screen.findByText('暂无已过期的权益')).toBeInTheDocument();
  });

  it('shows a retry view when the list fails, and recovers', async () => {
    server.use(http.get(url(endpoints.rightsList), () => HttpResponse.error(), { once: true }));
    const { user } = renderScreen('/rights', { user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: /^就医绿通/ })).toBeInTheDocument();
  });

  it.each([
    ['index', '/noRights', '您暂时没有可查看的健康权益'],
    ['ebt', '/noRights/ebtNoRights', '暂未查到您的团体保障权益'],
    ['ryb', '/noRights/rybNoRights', '暂未查到您的长期健康管理权益'],
  ])('sends a customer with no rights (indexCode %s) to %s', async (indexCode, path, title) => {
    const { router } = renderScreen(`/rights?indexCode=${indexCode}`, { user: EMPTY });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('link', { name: /拨打客服热线 400-820-8820/ })).toHaveAttribute('href', 'tel:4008208820');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', `/index?indexCode=${indexCode}`);
    expect(document.title).toBe('暂无权益 - 健康服务平台');
  });

  it('uses the stored indexCode when the link carries none', async () => {
    const { router } = renderScreen('/index?indexCode=ryb', { user: EMPTY });
    await screen.findByText('慢病有人管，指标看得见');
    await router.navigate('/rights');
    await screen.findByRole('heading', { name: '暂未查到您的长期健康管理权益' });
  });

  it('refreshes the rights list when pulled down, as /message and 使用记录 do', async () => {
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith(endpoints.rightsList)) asked += 1;
    });
    renderScreen('/rights', { user: CUSTOMER });
    const link = await screen.findByRole('link', { name: '就医绿通' });
    expect(link).toHaveAccessibleDescription(/剩余 3 次（共 3 次）/);
    const before = asked;
    // Meanwhile the customer used the right once.
    db.rights.find((r) => r.serviceCode === 'green_channel')!.usedTimes += 1;
    await pullDown(link);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '就医绿通' })).toHaveAccessibleDescription(/剩余 2 次（共 3 次）/),
    );
    expect(asked).toBe(before + 1);
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('keeps the rights shown when a pull to refresh fails', async () => {
    renderScreen('/rights', { user: CUSTOMER });
    const link = await screen.findByRole('link', { name: '就医绿通' });
    let failed = 0;
    server.use(
      http.get(
        url(endpoints.rightsList),
        () => {
          failed += 1;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await pullDown(link);
    await waitFor(() => expect(failed).toBe(1));
    await waitFor(() => expect(screen.queryByText('加载中...')).toBeNull());
    expect(screen.getByRole('link', { name: '就医绿通' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});

describe('/rights?tab=records', () => {
  it('refreshes the records when pulled down', async () => {
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith(endpoints.consumeList)) asked += 1;
    });
    renderScreen('/rights?tab=records', { user: CUSTOMER });
    const list = await screen.findByRole('region', { name: '使用记录' });
    await within(list).findByText('核销失败');
    const before = asked;
    await pullDown(list.querySelector('.adm-pull-to-refresh')!);
    await waitFor(() => expect(asked).toBe(before + 1));
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('lists records with their status and 去评价 for successful ones not yet evaluated', async () => {
    const { router, user } = renderScreen('/rights?tab=records', { user: CUSTOMER });
    const list = await screen.findByRole('region', { name: '使用记录' });
    await within(list).findByText('核销失败');
    expect(within(list).getByText('已过期')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /^去评价/ })).toHaveLength(3);
    expect(await within(list).findByRole('button', { name: /待评价\s*3/ })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: '去评价 齿科保健' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/evaluate'));
    expect(router.state.location.search).toBe('?consumeId=6');
    await screen.findByRole('radiogroup', { name: '服务评分' });
  });

  it('is current again when the kept list is shown after an evaluation (no 去评价 left for it)', async () => {
    const { router, user } = renderScreen('/rights?tab=records', { user: CUSTOMER });
    const list = await screen.findByRole('region', { name: '使用记录' });
    await within(list).findByRole('button', { name: /待评价\s*3/ });
    // The counts and the records are two requests, each rendered when it arrives.
    await user.click(await within(list).findByRole('button', { name: '去评价 齿科保健' }));
    await user.click(await screen.findByRole('radio', { name: '5星' }));
    await user.click(screen.getByRole('button', { name: '提交评价' }));
    await screen.findByText('感谢您的评价！您的反馈将帮助我们改进服务。');
    await router.navigate(-1);
    expect(await within(list).findByRole('button', { name: /待评价\s*2/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: '去评价 齿科保健' })).not.toBeInTheDocument(),
    );
    expect(within(list).getAllByRole('button', { name: /^去评价/ })).toHaveLength(2);
  });

  it('filters to evaluated records', async () => {
    const { user } = renderScreen('/rights?tab=records', { user: CUSTOMER });
    const list = await screen.findByRole('region', { name: '使用记录' });
    await within(list).findByText('核销失败');
    await user.click(within(list).getByRole('button', { name: /已评价/ }));
    await waitFor(() => expect(within(list).queryByText('核销失败')).not.toBeInTheDocument());
    expect(await within(list).findAllByRole('button', { name: '查看评价' })).toHaveLength(3);
    expect(within(list).queryByRole('button', { name: /^去评价/ })).not.toBeInTheDocument();
  });

  it('loads more records on scroll (infinite scroll)', async () => {
    for (let i = 0; i < 15; i += 1) {
      db.consumptions.push({
        id: 100 + i,
        userId: 'u-13800138000',
        rightId: 1,
        providerName: '康源健康科技有限公司',
        writeOffCode: String(100000000000 + i),
        status: 'success',
        createTime: `2025-01-${String(i + 1).padStart(2, '0')} 10:00:00`,
        consumeTime: `2025-01-${String(i + 1).padStart(2, '0')} 10:01:00`,
        evaluateStatus: 1,
        score: 4,
      });
    }
    renderScreen('/rights?tab=records', { user: CUSTOMER });
    const list = await screen.findByRole('region', { name: '使用记录' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    expect(await within(list).findByText('没有更多了')).toBeInTheDocument();
  });

  it('shows the empty view when there are no records', async () => {
    db.consumptions = [];
    renderScreen('/rights?tab=records', { user: CUSTOMER });
    expect(await screen.findByText('暂无使用记录')).toBeInTheDocument();
  });

  it('shows a retry view when the records fail', async () => {
    server.use(
      http.get(url(endpoints.consumeList), () =>
        HttpResponse.json({ code: 500, desc: '服务繁忙，请稍后重试', obj: null }),
      ),
    );
    renderScreen('/rights?tab=records', { user: CUSTOMER });
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
