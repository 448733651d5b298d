import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

describe('/servList', () => {
  it('lists services by category and switches category from the side bar', async () => {
    const { user } = renderScreen('/servList');
    expect(await screen.findByRole('link', { name: /在线问诊/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /齿科保健/ })).not.toBeInTheDocument();
    await user.click(screen.getByText('齿科眼科'));
    expect(await screen.findByRole('link', { name: /齿科保健/ })).toHaveAttribute(
      'href',
      '/servInform?code=dental_care&indexCode=index',
    );
    expect(screen.queryByRole('link', { name: /在线问诊/ })).not.toBeInTheDocument();
  });

  it('searches by name across categories and says when nothing matches', async () => {
    const { user } = renderScreen('/servList');
    const search = await screen.findByPlaceholderText('搜索服务名称');
    await user.type(search, '心理');
    expect(await screen.findByRole('link', { name: /心理咨询/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /在线问诊/ })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, '火星旅行');
    expect(await screen.findByText('没有找到“火星旅行”相关的服务')).toBeInTheDocument();
    // Nothing typed is lost.
    expect(search).toHaveValue('火星旅行');
  });

  it('keeps the chosen category when the user goes to a service and back', async () => {
    const { router, user } = renderScreen('/servList');
    await user.click(await screen.findByText('心理健康'));
    await user.click(await screen.findByRole('link', { name: /心理咨询/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servInform'));
    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: /心理咨询/ })).toBeInTheDocument();
  });

  it('shows a retry view when the catalogue fails to load', async () => {
    server.use(http.get('*/jsons/:name', () => HttpResponse.error()));
    renderScreen('/servList');
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('shows the empty view for an empty catalogue', async () => {
    server.use(http.get('*/jsons/:name', () => HttpResponse.json({ categories: [], services: [] })));
    renderScreen('/servList');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});
