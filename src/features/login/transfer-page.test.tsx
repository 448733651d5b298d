import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { assignLocation } from '@/lib/browser-location';
import { LOGIN_STATE_TTL_MS } from '@/lib/login-state';
import { useThemeStore } from '@/stores/theme';
import { fullPathSaved, initialUserState, shareAttributed, useUserStore } from '@/stores/user';
import { BizDesc } from '@contract/codes';
import { DEMO_SSO_SECRET } from '@contract/demo-data';
import { endpoints } from '@contract/endpoints';
import { openIdSign } from '@contract/wx-vouch';
import { keptState, loginGatewayUrl, returnedLink } from '../../../tests/login-state';
import { db } from '../../../tests/mocks/db';
import { envelope, url } from '../../../tests/mocks/handlers/common';
import { server } from '../../../tests/mocks/server';
import { renderScreen } from '../../../tests/render';

/** Records the query of every ck / ckNew request. */
function recordCk() {
  const seen: URLSearchParams[] = [];
  const listener = ({ request }: { request: Request }) => {
    const u = new URL(request.url);
    if (u.pathname.endsWith('/login/rui/ck') || u.pathname.endsWith('/login/rui/ckNew')) seen.push(u.searchParams);
  };
  server.events.on('request:start', listener);
  return seen;
}

/** Answers the account-switch question (decision 0051). */
async function answerSwitch(button: '切换账号' | '保留当前账号') {
  const dialog = await screen.findByRole('dialog', { name: '切换账号' });
  // antd-mobile's dialog takes no pointer events while it animates in.
  await userEvent
    .setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
    .click(within(dialog).getByRole('button', { name: button }));
}

const landed = async (router: ReturnType<typeof renderScreen>['router'], path: string) =>
  waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path));

afterEach(() => {
  server.events.removeAllListeners();
});

describe('/transferPage with a good ticket', () => {
  it('stores the session (store + cookie) and replaces history with /index?indexCode=<data>', async () => {
    const seen = recordCk();
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=ebt'));
    expect(await screen.findByText('登录中…')).toBeInTheDocument();
    expect(document.title).toBe('登录中 - 健康服务平台');
    await landed(router, '/index?indexCode=ebt');
    expect(router.state.historyAction).toBe('REPLACE');
    const state = useUserStore.getState();
    expect(state).toMatchObject({
      token: 'mock-token-13800138000',
      role: 'customer',
      indexCode: 'ebt',
      ucUserId: 'UC20260001',
    });
    expect(state.userInfo?.mobilePhone).toBe('13800138000');
    expect(Cookies.get('token')).toBe('mock-token-13800138000');
    expect(seen).toHaveLength(1);
    expect(seen[0].get('source')).toBe('h5portal');
    expect(seen[0].has('promoterId')).toBe(false);
  });

  it('restores a saved same-origin fullPath and then forgets it', async () => {
    fullPathSaved('/mine?indexCode=ryb');
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=ryb'));
    await landed(router, '/mine?indexCode=ryb');
    expect(useUserStore.getState().fullPath).toBe('');
  });

  it.each([
    '//evil.example',
    'https://evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/transferPage?ticket=old',
    '/login2',
  ])('ignores the saved path %s and lands on /index?indexCode=…', async (hostile) => {
    fullPathSaved(hostile);
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=ebt'));
    await landed(router, '/index?indexCode=ebt');
    expect(useUserStore.getState().fullPath).toBe('');
  });

  it('binds the WeChat profile the SSO handed back with its sign (it fills a new customer’s generated name and avatar)', async () => {
    db.tickets.set('mock-ticket-13600136001', '13600136001');
    const { router } = renderScreen(
      returnedLink(
        `/transferPage?ticket=mock-ticket-13600136001&data=index&openId=wx-openid-1&openIdSign=${await openIdSign(DEMO_SSO_SECRET, 'wx-openid-1', '13600136001')}&nickname=${encodeURIComponent('微信小明')}&headImgUrl=${encodeURIComponent('/sso/wx-avatar.svg')}`,
      ),
    );
    await landed(router, '/index?indexCode=index');
    expect(useUserStore.getState().userInfo).toMatchObject({ nickname: '微信小明', headUrl: '/sso/wx-avatar.svg' });
    expect(useUserStore.getState().nickname).toBe('微信小明');
  });

  it('sends the share attribution from the store with ck (it reaches the gateway)', async () => {
    db.tickets.set('mock-ticket-13600136000', '13600136000');
    shareAttributed({ promoterId: 'P100239', agentId: 'A9001' });
    const seen = recordCk();
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13600136000&data=index'));
    await landed(router, '/index?indexCode=index');
    expect(seen[0].get('promoterId')).toBe('P100239');
    expect(seen[0].get('agentId')).toBe('A9001');
    // Spent: the store no longer holds it (decision 0023).
    expect(useUserStore.getState()).toMatchObject({ promoterId: '', agentId: '' });
  });

  it('sends no attribution with a later login', async () => {
    db.tickets.set('mock-ticket-13600136002', '13600136002');
    shareAttributed({ promoterId: 'P100239', agentId: 'A9001' });
    const seen = recordCk();
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13600136002&data=index'));
    await landed(router, '/index?indexCode=index');
    db.tickets.set('mock-ticket-13600136002-again', '13600136002');
    await act(() => router.navigate(returnedLink('/transferPage?ticket=mock-ticket-13600136002-again&data=index')));
    await answerSwitch('切换账号');
    await waitFor(() => expect(seen).toHaveLength(2));
    await landed(router, '/index?indexCode=index');
    expect(seen[0].get('promoterId')).toBe('P100239');
    expect(seen[1].has('promoterId')).toBe(false);
    expect(seen[1].has('agentId')).toBe(false);
  });

  it("does not send a signed-in agent's own ids as attribution", async () => {
    const seen = recordCk();
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13900139000&data=index'));
    await landed(router, '/index?indexCode=index');
    expect(useUserStore.getState()).toMatchObject({ promoterId: 'P100239', agentId: 'A9001' });
    db.tickets.set('mock-ticket-13900139000-again', '13900139000');
    await act(() => router.navigate(returnedLink('/transferPage?ticket=mock-ticket-13900139000-again&data=ebt')));
    await answerSwitch('切换账号');
    await landed(router, '/index?indexCode=ebt');
    expect(seen).toHaveLength(2);
    expect(seen[1].has('promoterId')).toBe(false);
    expect(seen[1].has('agentId')).toBe(false);
  });

  it('runs again when the kept page is visited with a new ticket', async () => {
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=index'));
    await landed(router, '/index?indexCode=index');
    await act(() => router.navigate(returnedLink('/transferPage?ticket=mock-ticket-13900139000&data=ebt')));
    await answerSwitch('切换账号');
    await landed(router, '/index?indexCode=ebt');
    expect(useUserStore.getState()).toMatchObject({ token: 'mock-token-13900139000', role: 'agent' });
  });
});

describe('the other transfer pages', () => {
  it('/transferPage1 uses ckNew, sets the new theme and lands on /indexNew', async () => {
    const seen = recordCk();
    const { router } = renderScreen(returnedLink('/transferPage1?ticket=mock-ticket-13800138000&data=ebt'));
    await landed(router, '/indexNew?indexCode=ebt');
    expect(seen).toHaveLength(1);
    expect(useThemeStore.getState().theme).toBe('indexNew');
    expect(useUserStore.getState().token).toBe('mock-token-13800138000');
  });

  it('/transferPageMn uses ck with the Mn source', async () => {
    const seen = recordCk();
    const { router } = renderScreen(returnedLink('/transferPageMn?ticket=mock-ticket-13800138000&data=index'));
    await landed(router, '/index?indexCode=index');
    expect(seen[0].get('source')).toBe('h5portal_mn');
  });
});

describe('a ticket that does not work: a clear message and a way to try again, no loop', () => {
  const loginAgainUrl = loginGatewayUrl;

  it('a used ticket (second use → 10001)', async () => {
    const view = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=ebt'));
    await landed(view.router, '/index?indexCode=ebt');
    view.unmount();

    const { router, user } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=ebt'));
    await answerSwitch('切换账号');
    expect(await screen.findByRole('heading', { name: '登录未完成' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(BizDesc.ticketInvalid);
    expect(router.state.location.pathname).toBe('/transferPage');
    await user.click(screen.getByRole('button', { name: '重新登录' }));
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(loginAgainUrl('/transferPage', 'h5portal', 'ebt'));
    // Never saves the transfer page itself as the path to return to.
    expect(useUserStore.getState().fullPath).not.toMatch(/transferPage/);
  });

  it('an expired ticket keeps the saved path for the next try and links home', async () => {
    server.use(
      http.get(url(endpoints.loginCk), () =>
        HttpResponse.json(envelope(10001, '登录凭证无效或已过期，请重新登录', null)),
      ),
    );
    fullPathSaved('/mine?indexCode=index');
    const { router, user } = renderScreen(returnedLink('/transferPageMn?ticket=mock-ticket-13800138000&data=ryb'));
    expect(await screen.findByRole('alert')).toHaveTextContent('登录凭证无效或已过期，请重新登录');
    expect(useUserStore.getState()).toMatchObject({ token: '', fullPath: '/mine?indexCode=index' });
    await user.click(screen.getByRole('button', { name: '重新登录' }));
    expect(assignLocation).toHaveBeenCalledWith(loginAgainUrl('/transferPageMn', 'h5portal_mn', 'ryb'));
    await user.click(screen.getByRole('link', { name: '返回首页' }));
    await landed(router, '/index?indexCode=ryb');
  });

  it('a missing ticket never calls ck', async () => {
    const seen = recordCk();
    renderScreen(returnedLink('/transferPage?data=index'));
    expect(await screen.findByRole('alert')).toHaveTextContent('登录凭证缺失，请重新登录');
    expect(seen).toHaveLength(0);
  });

  it('a network error offers to retry the same ticket', async () => {
    server.use(http.get(url(endpoints.loginCk), () => HttpResponse.error(), { once: true }));
    const { router, user } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=index'));
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常，登录未完成');
    await user.click(screen.getByRole('button', { name: '重试' }));
    await landed(router, '/index?indexCode=index');
    expect(useUserStore.getState().token).toBe('mock-token-13800138000');
  });
});

describe('a ticket link this browser did not ask for (decision 0051)', () => {
  const someoneElses = '/transferPage?ticket=mock-ticket-13700137000&data=index';

  it('without a state: 登录已失效, no ck, nothing stored, and 重新登录 starts a bound login', async () => {
    const seen = recordCk();
    const { user } = renderScreen(someoneElses);
    expect(await screen.findByRole('heading', { name: '登录未完成' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('登录已失效，请重新登录');
    expect(seen).toHaveLength(0);
    expect(useUserStore.getState()).toEqual({ ...initialUserState });
    expect(Cookies.get('token')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: '重新登录' }));
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(loginGatewayUrl('/transferPage', 'h5portal', 'index'));
  });

  it('with a state other than the one kept: refused, and the kept one is spent too', async () => {
    const kept = returnedLink(someoneElses);
    const seen = recordCk();
    const view = renderScreen(`${someoneElses}&state=${'0'.repeat(32)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('登录已失效，请重新登录');
    expect(seen).toHaveLength(0);
    expect(keptState()).toBeNull();
    view.unmount();
    // The link that did carry it no longer works either: a value answers once.
    renderScreen(kept);
    expect(await screen.findByRole('alert')).toHaveTextContent('登录已失效，请重新登录');
    expect(seen).toHaveLength(0);
  });

  it('with the kept state after it expired: refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const link = returnedLink(someoneElses);
      vi.setSystemTime(Date.now() + LOGIN_STATE_TTL_MS);
      const seen = recordCk();
      renderScreen(link);
      expect(await screen.findByRole('alert')).toHaveTextContent('登录已失效，请重新登录');
      expect(seen).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a logged-in customer opening someone else’s ticket link stays who they are', async () => {
    const seen = recordCk();
    const { router } = renderScreen(someoneElses, { user: '13800138000' });
    expect(await screen.findByRole('alert')).toHaveTextContent('登录已失效，请重新登录');
    expect(seen).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useUserStore.getState()).toMatchObject({ token: 'mock-token-13800138000' });
    expect(useUserStore.getState().userInfo?.mobilePhone).toBe('13800138000');
    expect(Cookies.get('token')).toBe('mock-token-13800138000');
    expect(router.state.location.pathname).toBe('/transferPage');
  });

  it('a logged-in customer who keeps their account is not switched, and the ticket stays unspent', async () => {
    fullPathSaved('/mine?indexCode=ebt');
    const seen = recordCk();
    const { router } = renderScreen(returnedLink(someoneElses), { user: '13800138000' });
    const dialog = await screen.findByRole('dialog', { name: '切换账号' });
    expect(dialog).toHaveTextContent('当前已登录 138****8000，继续将退出该账号，改用本次验证的手机号登录。');
    await answerSwitch('保留当前账号');
    await landed(router, '/mine?indexCode=ebt');
    expect(seen).toHaveLength(0);
    expect(useUserStore.getState()).toMatchObject({ token: 'mock-token-13800138000' });
    expect(db.tickets.has('mock-ticket-13700137000')).toBe(true);
  });

  it('a logged-in customer who switches becomes the account they verified', async () => {
    const { router } = renderScreen(returnedLink(someoneElses), { user: '13800138000' });
    await answerSwitch('切换账号');
    await landed(router, '/index?indexCode=index');
    expect(useUserStore.getState()).toMatchObject({ token: 'mock-token-13700137000' });
  });
});
