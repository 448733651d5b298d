import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { endpoints } from '@contract/endpoints';
import { url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

describe('/mineNew', () => {
  it('shows the new-theme centre with tab bar two and the latest notices from prefix B', async () => {
    const prefixes: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/noticeInfo/list')) prefixes.push(new URL(request.url).pathname);
    });
    const { user, router } = renderScreen('/mineNew?indexCode=index', { user: '13900139000' });
    const nav = await screen.findByRole('navigation', { name: '我的菜单' });
    expect(screen.getByText('李经理')).toBeInTheDocument();
    expect(screen.getByText('139****9000')).toBeInTheDocument();
    expect(await screen.findByText('您推荐的客户已登录')).toBeInTheDocument();
    expect(prefixes.length).toBeGreaterThan(0);
    expect(prefixes.every((p) => p.includes('/user-cloud/'))).toBe(true);
    expect(document.querySelector('.tab-bar--two')).not.toBeNull();
    await user.click(within(nav).getByRole('button', { name: /我的推广码/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/shareNew'));
    server.events.removeAllListeners();
  });

  it('shows a retry when the counts fail to load', async () => {
    server.use(http.get(url(endpoints.consumeCount), () => new Response(null, { status: 502 })));
    renderScreen('/mineNew?indexCode=index', { user: '13800138000' });
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
