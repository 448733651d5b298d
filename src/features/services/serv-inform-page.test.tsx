import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { assignLocation } from '@/lib/browser-location';
import { endpoints } from '@contract/endpoints';
import { url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

const CUSTOMER = '13800138000';
const panel = () => screen.findByRole('region', { name: '我的权益' });

describe('/servInform', () => {
  it('shows what the service is, who provides it, how to use it and its limits', async () => {
    renderScreen('/servInform?code=online_consult');
    expect(await screen.findByRole('heading', { name: '在线问诊' })).toBeInTheDocument();
    // The service's name is the page's one h1 (axe page-has-heading-one).
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['在线问诊']);
    expect(screen.getByText('服务提供方：康源健康科技有限公司')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '使用方式' })).toBeInTheDocument();
    expect(screen.getByText('每次问诊自医生接诊起48小时内可追问，超时需重新发起。')).toBeInTheDocument();
    expect(document.title).toBe('服务详情 - 健康服务平台');
  });

  it('asks a visitor to log in to see their right, without calling the rights list', async () => {
    const { user } = renderScreen('/servInform?code=online_consult');
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: '登录' }));
    expect(assignLocation).toHaveBeenCalled();
  });

  it('shows an unlimited right with 立即使用 leading to the write-off', async () => {
    const { router, user } = renderScreen('/servInform?code=online_consult', { user: CUSTOMER });
    const region = await panel();
    await waitFor(() => expect(region).toHaveTextContent('不限次数'));
    expect(region).toHaveTextContent('2025-01-01 至 2029-12-31');
    expect(region).toHaveTextContent('P2024****8812');
    await user.click(within(region).getByRole('button', { name: '立即使用' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servWriteOff'));
    expect(router.state.location.search).toBe('?rightId=1');
    // Let the write-off screen finish its start call inside this test.
    expect(await screen.findByLabelText(/^核销码 \d{12}$/)).toBeInTheDocument();
  });

  it('shows remaining times for a counted right', async () => {
    renderScreen('/servInform?code=green_channel', { user: CUSTOMER });
    const region = await panel();
    await waitFor(() => expect(region).toHaveTextContent('剩余 3 次（共 3 次）'));
  });

  it.each([
    ['mental_consult', '该权益次数已用完'],
    ['eye_exam', '该权益已于 2025-06-30 过期'],
    ['gene_test', '您的保单暂不包含该服务权益'],
  ])('explains why %s cannot be used and offers /rights', async (code, reason) => {
    const { router, user } = renderScreen(`/servInform?code=${code}`, { user: CUSTOMER });
    const region = await panel();
    expect(await within(region).findByText(reason)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '立即使用' })).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: '查看我的权益' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rights'));
    expect(await screen.findByRole('tab', { name: /可使用/ })).toBeInTheDocument();
    await screen.findAllByRole('link', { description: /可使用/ });
  });

  it('shows an empty view with a way home for an unknown code', async () => {
    const { router, user } = renderScreen('/servInform?code=nope', { user: CUSTOMER });
    expect(await screen.findByText('未找到该服务，可能已下线')).toBeInTheDocument();
    // No service to name the page: the route's title is its (visually hidden) h1.
    expect(screen.getByRole('heading', { level: 1, name: '服务详情' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it('shows a retry view when the catalogue fails', async () => {
    server.use(http.get('*/jsons/:name', () => HttpResponse.error()));
    renderScreen('/servInform?code=online_consult');
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('offers a retry in the right panel when the rights list fails', async () => {
    server.use(
      http.get(
        url(endpoints.rightsList),
        () => HttpResponse.json({ code: 500, desc: '服务繁忙，请稍后重试', obj: null }),
        { once: true },
      ),
    );
    const { user } = renderScreen('/servInform?code=online_consult', { user: CUSTOMER });
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '立即使用' })).toBeInTheDocument();
  });

  it('/servInform1 is the new-theme layout of the same information', async () => {
    const { container } = renderScreen('/servInform1?code=health_assess', { user: CUSTOMER });
    expect(await screen.findByRole('heading', { name: '健康评测' })).toBeInTheDocument();
    expect(container.querySelector('.serv-inform.theme-new')).toBeInTheDocument();
  });

  it('links to the full description', async () => {
    const { router, user } = renderScreen('/servInform?code=online_consult');
    await user.click(await screen.findByRole('button', { name: '查看完整服务说明' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servInform/look'));
    expect(await screen.findByRole('heading', { name: '服务时间' })).toBeInTheDocument();
  });
});

describe('/servInform/look', () => {
  it('shows every detail section, how to use, limits and the provider', async () => {
    renderScreen('/servInform/look?code=online_consult');
    for (const heading of ['服务内容', '服务对象', '服务时间', '注意事项', '使用方式', '使用限制', '服务提供方']) {
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(document.title).toBe('服务说明 - 健康服务平台');
  });

  it('shows an empty view for an unknown code', async () => {
    renderScreen('/servInform/look?code=nope');
    expect(await screen.findByText('未找到该服务，可能已下线')).toBeInTheDocument();
  });

  it('shows a retry view on error', async () => {
    server.use(http.get('*/jsons/:name', () => HttpResponse.error()));
    renderScreen('/servInform/look?code=online_consult');
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '服务说明' })).toBeInTheDocument();
  });
});

describe("a service's own agreement (docs/product.md §2: /agreement/user/znjkpc, /tjbgjd, /znjkzz)", () => {
  it.each([
    ['/servInform?code=health_assess', '智能健康评测服务协议', '/agreement/user/znjkpc'],
    ['/servInform?code=report_reading', '体检报告解读服务协议', '/agreement/user/tjbgjd'],
    ['/servInform?code=smart_selfcheck', '智能健康自诊服务协议', '/agreement/user/znjkzz'],
    ['/servInform1?code=smart_selfcheck', '智能健康自诊服务协议', '/agreement/user/znjkzz'],
  ])('%s links 《%s》, which opens the document', async (path, title, documentPath) => {
    const { router, user } = renderScreen(path);
    await user.click(await screen.findByRole('link', { name: `《${title}》` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(documentPath));
    // Found is enough: the document screen may render its heading again as its text arrives,
    // so the element first found need not stay in the document.
    await screen.findByRole('heading', { level: 1, name: title });
  });

  it('is not shown for a service without one', async () => {
    renderScreen('/servInform?code=online_consult');
    expect(await screen.findByRole('heading', { name: '使用方式' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /服务协议》$/ })).not.toBeInTheDocument();
  });
});
