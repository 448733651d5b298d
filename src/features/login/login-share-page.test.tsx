import { screen } from '@testing-library/react';
import { assignLocation } from '@/lib/browser-location';
import { useUserStore } from '@/stores/user';
import { loginGatewayUrl } from '../../../tests/login-state';
import { renderScreen } from '../../../tests/render';

const gatewayUrl = loginGatewayUrl;

describe('share login (docs/product.md §4.2)', () => {
  it('saves promoterId and agentId, then starts the login', async () => {
    const { user } = renderScreen('/loginShare?promoterId=P100239&agentId=A9001');
    expect(await screen.findByText('您的专属健康顾问邀请您使用')).toBeInTheDocument();
    expect(screen.getByText('顾问编号 A9001')).toBeInTheDocument();
    expect(useUserStore.getState().promoterId).toBe('');
    await user.click(screen.getByRole('button', { name: '接受邀请并登录' }));
    expect(useUserStore.getState()).toMatchObject({ promoterId: 'P100239', agentId: 'A9001' });
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(gatewayUrl('/transferPage', 'h5portal', 'index'));
    expect(document.title).toBe('登录 - 健康服务平台');
  });

  it('/loginShareMn uses the Mn source and returns through /transferPageMn', async () => {
    const { user } = renderScreen('/loginShareMn?promoterId=P100239&agentId=A9001&indexCode=ebt');
    await user.click(await screen.findByRole('button', { name: '接受邀请并登录' }));
    expect(assignLocation).toHaveBeenCalledExactlyOnceWith(gatewayUrl('/transferPageMn', 'h5portal_mn', 'ebt'));
  });

  it('does not store ids that fail the check, and still lets the user log in', async () => {
    const { user } = renderScreen(`/loginShare?promoterId=${encodeURIComponent('P1"><img>')}&agentId=A9001`);
    expect(await screen.findByRole('alert')).toHaveTextContent('邀请链接不完整或已失效');
    await user.click(screen.getByRole('button', { name: '手机号登录' }));
    expect(useUserStore.getState()).toMatchObject({ promoterId: '', agentId: '' });
    expect(assignLocation).toHaveBeenCalledTimes(1);
  });

  it('drops a malformed agentId but keeps the promoterId', async () => {
    const { user } = renderScreen(`/loginShare?promoterId=P100239&agentId=${'x'.repeat(40)}`);
    await user.click(await screen.findByRole('button', { name: '接受邀请并登录' }));
    expect(useUserStore.getState()).toMatchObject({ promoterId: 'P100239', agentId: '' });
  });
});
