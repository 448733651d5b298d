import { act, screen, waitFor } from '@testing-library/react';
import { assignLocation } from '@/lib/browser-location';
import { showToast } from '@/lib/toast';
import { useUserStore } from '@/stores/user';
import { loginGatewayUrl } from '../../../tests/login-state';
import { renderScreen } from '../../../tests/render';

const gatewayUrl = loginGatewayUrl;

describe('login entry pages (docs/product.md §4.2)', () => {
  it.each([
    ['/login?indexCode=ebt', '/transferPage', 'h5portal', 'ebt'],
    ['/login1', '/transferPage', 'h5portal', 'index'],
    ['/loginMn?indexCode=ryb', '/transferPageMn', 'h5portal_mn', 'ryb'],
  ])('%s builds the exact gateway URL', async (path, transferPage, source, data) => {
    const { user } = renderScreen(path);
    await user.click(await screen.findByRole('button', { name: '手机号登录' }));
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(gatewayUrl(transferPage, source, data));
    expect(document.title).toBe('登录 - 健康服务平台');
  });

  it('does not save the entry page as the path to come back to (that would loop)', async () => {
    const { user } = renderScreen('/login?indexCode=ebt');
    await user.click(await screen.findByRole('button', { name: '手机号登录' }));
    expect(useUserStore.getState().fullPath).toBe('');
  });

  it('ignores a malformed indexCode and sends the default', async () => {
    const { user } = renderScreen('/login?indexCode=%3Cscript%3E');
    await user.click(await screen.findByRole('button', { name: '手机号登录' }));
    expect(assignLocation).toHaveBeenCalledWith(gatewayUrl('/transferPage', 'h5portal', 'index'));
  });

  it('/login2 asks for the agreement tick first, then redirects', async () => {
    const { user } = renderScreen('/login2?indexCode=ebt');
    const button = await screen.findByRole('button', { name: '手机号登录' });
    expect(screen.getByRole('link', { name: '《平台用户协议》' })).toHaveAttribute('href', '/portal/agreement/user/v2');
    expect(screen.getByRole('link', { name: '《第三方共享个人信息清单》' })).toHaveAttribute(
      'href',
      '/portal/agreement/thirdPartyList/v2',
    );

    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '请先阅读并勾选同意《平台用户协议》和《第三方共享个人信息清单》',
    );
    expect(showToast).toHaveBeenCalledWith('请先勾选同意协议');
    expect(assignLocation).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(button);
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(gatewayUrl('/transferPage', 'h5portal', 'ebt'));
  });

  it('/login2 keeps the tick when the user reads a document and comes back (keep-alive)', async () => {
    const { user, router } = renderScreen('/login2');
    await user.click(await screen.findByRole('checkbox', { name: '我已阅读并同意' }));
    await user.click(screen.getByRole('link', { name: '《平台用户协议》' }));
    await screen.findByRole('heading', { level: 1, name: '平台用户协议' });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('checkbox', { name: '我已阅读并同意' })).toBeChecked();
  });

  it('offers the home to a user who is already logged in', async () => {
    const { user, router } = renderScreen('/login?indexCode=ebt', { user: '13800138000' });
    expect(await screen.findByText('您已登录：138****8000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '进入首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(router.state.location.search).toBe('?indexCode=ebt');
  });
});
