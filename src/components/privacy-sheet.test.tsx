import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { showToast } from '@/lib/toast';
import { useAgreementStore } from '@/stores/agreement';
import { fullPathSaved, useUserStore } from '@/stores/user';
import { CURRENT_AGREEMENT_VERSION } from '@contract/demo-data';
import { endpoints } from '@contract/endpoints';
import { returnedLink } from '../../tests/login-state';
import { db, demoUser } from '../../tests/mocks/db';
import { url } from '../../tests/mocks/handlers/common';
import { server } from '../../tests/mocks/server';
import { renderScreen } from '../../tests/render';

const NEW_PHONE = '13600136000';
const sheet = () => screen.findByRole('dialog', { name: '欢迎使用健康平台' });

/** A new customer logs in through the transfer page (agreements not yet accepted). */
function logInNewCustomer(path = '/transferPage?ticket=mock-ticket-13600136000&data=ebt') {
  db.tickets.set(`mock-ticket-${NEW_PHONE}`, NEW_PHONE);
  return renderScreen(returnedLink(path));
}

/**
 * A "no sheet" means something only once the sheet could have shown: its lazy chunks (the
 * sheet and the Popup it loads in turn) loaded and React given the time to render it after the
 * agreement answer. Loading modules keeps the event loop busy, so this waits until timers run
 * on time again.
 */
async function sheetCouldShow() {
  await act(async () => {
    await Promise.all([import('@/components/privacy-sheet'), import('antd-mobile')]);
    for (let onTime = 0; onTime < 5;) {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      onTime = performance.now() - start < 40 ? onTime + 1 : 0;
    }
  });
}

const at = (router: ReturnType<typeof renderScreen>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('first-use privacy sheet (docs/product.md §2, docs/product.md §4.3)', () => {
  it('opens after a new customer logs in, with the texts and document links of docs/product.md §11.1', async () => {
    const { router } = logInNewCustomer();
    const dialog = await sheet();
    expect(at(router)).toBe('/index?indexCode=ebt');
    expect(dialog).toHaveTextContent('为了保障您的权益，请在首次使用前阅读并确认以下协议');
    expect(screen.getByRole('link', { name: '《平台用户协议》' })).toHaveAttribute('href', '/portal/agreement/user/v2');
    expect(screen.getByRole('link', { name: '《第三方共享个人信息清单》' })).toHaveAttribute(
      'href',
      '/portal/agreement/thirdPartyList/v2',
    );
    expect(screen.getByRole('button', { name: '我已阅读并同意' })).toBeEnabled();
    // Cannot be dismissed: no close button, and it is the only action.
    expect(screen.queryByRole('button', { name: /关闭|取消/ })).toBeNull();
  });

  it('does not open for a customer who has agreed', async () => {
    const answered = new Promise<void>((resolve) =>
      server.events.on('response:mocked', ({ request }) => {
        if (new URL(request.url).pathname.endsWith('/userAgreement/')) resolve();
      }),
    );
    const { router } = renderScreen(returnedLink('/transferPage?ticket=mock-ticket-13800138000&data=index'));
    await answered;
    await waitFor(() => expect(useAgreementStore.getState().checked).toBe(true));
    // The sheet never shows on the transfer page: only once the login has landed.
    await waitFor(() => expect(at(router)).toBe('/index?indexCode=index'));
    await sheetCouldShow();
    expect(screen.queryByRole('dialog', { name: '欢迎使用健康平台' })).toBeNull();
    server.events.removeAllListeners();
  });

  it('agreeing posts agree, replaces userInfo with obj and goes to /index?indexCode=… even after a restored path', async () => {
    fullPathSaved('/mine?indexCode=ebt');
    const { router, user } = logInNewCustomer();
    await sheet();
    expect(at(router)).toBe('/mine?indexCode=ebt');
    expect(useUserStore.getState().userInfo?.agreementVersion).toBeUndefined();
    await user.click(screen.getByRole('button', { name: '我已阅读并同意' }));
    await waitFor(() => expect(useUserStore.getState().userInfo?.agreementVersion).toBe(CURRENT_AGREEMENT_VERSION));
    await waitFor(() => expect(at(router)).toBe('/index?indexCode=ebt'));
    expect(demoUser(NEW_PHONE).agreementVersion).toBe(CURRENT_AGREEMENT_VERSION);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '欢迎使用健康平台' })).toBeNull());
  });

  it('a failing agree stays silent and the sheet stays', async () => {
    const { user } = logInNewCustomer();
    await sheet();
    server.use(http.post(url(endpoints.agreementAgree), () => HttpResponse.error()));
    const button = screen.getByRole('button', { name: '我已阅读并同意' });
    vi.mocked(showToast).mockClear();
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(showToast).not.toHaveBeenCalled();
    expect(await sheet()).toBeInTheDocument();
    expect(useUserStore.getState().userInfo?.agreementVersion).toBeUndefined();
  });

  it('a failing check stays silent: no toast, no sheet, the login still completes', async () => {
    server.use(http.get(url(endpoints.agreement), () => HttpResponse.error()));
    const { router } = logInNewCustomer();
    await waitFor(() => expect(at(router)).toBe('/index?indexCode=ebt'));
    await sheetCouldShow();
    expect(showToast).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: '欢迎使用健康平台' })).toBeNull();
  });

  it('steps aside for the document it links and shows again on coming back', async () => {
    const { router, user } = logInNewCustomer();
    await sheet();
    await user.click(screen.getByRole('link', { name: '《平台用户协议》' }));
    await screen.findByRole('heading', { level: 1, name: '平台用户协议' });
    expect(screen.queryByRole('dialog', { name: '欢迎使用健康平台' })).toBeNull();
    await act(() => router.navigate(-1));
    expect(await sheet()).toBeInTheDocument();
  });

  it('is checked once per app start while logged in (a version changed since the last agreement)', async () => {
    demoUser('13700137000').agreementVersion = 'v1-v1';
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/userAgreement/')) seen.push(request.url);
    });
    const { router } = renderScreen('/index', { user: '13700137000' });
    expect(await sheet()).toBeInTheDocument();
    await act(() => router.navigate('/mine'));
    await act(() => router.navigate('/index'));
    expect(seen).toHaveLength(1);
    server.events.removeAllListeners();
  });

  it('is not checked while logged out', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => seen.push(request.url));
    renderScreen('/index');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen.filter((u) => u.includes('/userAgreement/'))).toEqual([]);
    server.events.removeAllListeners();
  });
});
