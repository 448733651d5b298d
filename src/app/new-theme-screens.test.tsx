import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { assignLocation } from '@/lib/browser-location';
import { useUserStore } from '@/stores/user';
import indexConfig from '../../public/jsons/indexConfig.json';
import { loginGatewayUrl } from '../../tests/login-state';
import { server } from '../../tests/mocks/server';
import { renderScreen } from '../../tests/render';

/**
 * A new-theme visitor stays in the new theme (docs/product.md §2.7, decision 0025): every login a
 * new-theme screen starts returns through /transferPage1, and its links lead to new-theme
 * screens where one exists.
 */
const AGENT = '13900139000';
const CUSTOMER = '13800138000';
const throughTransferPage1 = (data = 'index') => loginGatewayUrl('/transferPage1', 'h5portal', data);

describe('logins started on new-theme screens return through /transferPage1', () => {
  it.each([
    [
      '/indexNew?indexCode=ebt',
      () => within(screen.getByRole('region', { name: '登录提示' })).getByRole('button', { name: '登录' }),
      'ebt',
    ],
    ['/mineNew?indexCode=ebt', () => screen.getByRole('button', { name: '登录' }), 'ebt'],
    [
      '/servInform1?code=online_consult&indexCode=ebt',
      () => within(screen.getByRole('region', { name: '我的权益' })).getByRole('button', { name: '登录' }),
      'ebt',
    ],
    [
      '/share1?promoterId=P100239&agentId=A9001',
      () => screen.getByRole('button', { name: '立即登录，领取健康服务' }),
      'index',
    ],
    ['/my/shareNew', () => screen.getByRole('button', { name: '登录' }), 'index'],
  ])('%s', async (path, button, data) => {
    const { user } = renderScreen(path);
    await waitFor(() => expect(button()).toBeInTheDocument());
    await user.click(button());
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(throughTransferPage1(data));
  });
});

describe('new-theme screens link to new-theme screens', () => {
  it('/indexNew: a banner configured with a classic path opens its new-theme counterpart', async () => {
    const banners = indexConfig.indexNew.banners.map((banner, i) =>
      i === 0 ? { ...banner, link: '/servInform?code=checkup' } : banner,
    );
    server.use(
      http.get('*/jsons/indexConfig.json', () =>
        HttpResponse.json({ ...indexConfig, indexNew: { ...indexConfig.indexNew, banners } }),
      ),
    );
    renderScreen('/indexNew');
    const links = within(await screen.findByRole('region', { name: '活动推荐' })).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/servInform1?code=checkup');
    expect(screen.getByRole('link', { name: /^健康评测/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/servInform1?code=health_assess'),
    );
  });

  it('/mineNew: an agent’s 我的推广码 opens /my/shareNew', async () => {
    const { router, user } = renderScreen('/mineNew', { user: AGENT });
    await user.click(await screen.findByRole('button', { name: /我的推广码/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/shareNew'));
    expect(await screen.findByTestId('share-qr')).toBeInTheDocument();
  });

  it('/servInform1: 查看完整服务说明 unfolds the full description here, in the new layout', async () => {
    const { router, user, container } = renderScreen('/servInform1?code=online_consult', { user: CUSTOMER });
    const more = await screen.findByRole('button', { name: '查看完整服务说明' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    for (const heading of ['服务内容', '服务时间', '注意事项', '使用限制', '服务提供方']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: '收起完整服务说明' })).toHaveAttribute('aria-expanded', 'true');
    expect(router.state.location.pathname).toBe('/servInform1');
    expect(container.querySelector('.serv-inform.theme-new')).toBeInTheDocument();
  });

  it('/servInform1: an unknown service leads back to /indexNew', async () => {
    const { router, user } = renderScreen('/servInform1?code=nope');
    await user.click(await screen.findByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/indexNew'));
  });

  it('/share1: the login keeps no saved path, so it lands on /indexNew; the agent is stored for ckNew', async () => {
    useUserStore.setState({ fullPath: '/mine?indexCode=index' });
    const { user } = renderScreen('/share1?promoterId=P100239&agentId=A9001');
    await user.click(await screen.findByRole('button', { name: '立即登录，领取健康服务' }));
    expect(useUserStore.getState()).toMatchObject({ promoterId: 'P100239', agentId: 'A9001', fullPath: '' });
  });

  it('/share1 when already logged in: straight to /indexNew, no second login', async () => {
    const { router, user } = renderScreen('/share1?promoterId=P100239&agentId=A9001', { user: CUSTOMER });
    await user.click(await screen.findByRole('button', { name: '立即登录，领取健康服务' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/indexNew'));
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('/share1: a broken link offers /indexNew', async () => {
    const { router, user } = renderScreen('/share1?promoterId=P100239');
    await user.click(await screen.findByRole('button', { name: '去首页看看' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/indexNew'));
  });
});
