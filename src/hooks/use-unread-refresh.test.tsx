import { act, screen, waitFor } from '@testing-library/react';
import { useUnreadStore } from '@/stores/unread';
import { loggedOut } from '@/stores/user';
import { db } from '../../tests/mocks/db';
import { logInAs, renderScreen } from '../../tests/render';

describe('unread badge refresh', () => {
  it('loads the count on start and again when the user returns to the app', async () => {
    renderScreen('/index?indexCode=index', { user: '13800138000' });
    expect(await screen.findByLabelText('5条未读消息')).toBeInTheDocument();

    // Read elsewhere (another device) while the app was in the background.
    for (const n of db.notices) if (n.id === 13 || n.id === 12) n.readFlag = 1;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByLabelText('3条未读消息')).toBeInTheDocument();

    for (const n of db.notices) if (n.id === 11) n.readFlag = 1;
    await act(async () => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(await screen.findByLabelText('2条未读消息')).toBeInTheDocument();
  });

  it('follows a login and a logout (the token changes)', async () => {
    renderScreen('/index?indexCode=index');
    await screen.findByRole('navigation', { name: '底部导航' });
    expect(screen.queryByLabelText(/条未读消息/)).toBeNull();

    act(() => logInAs('13800138000'));
    expect(await screen.findByLabelText('5条未读消息')).toBeInTheDocument();

    act(() => loggedOut());
    await waitFor(() => expect(useUnreadStore.getState().unreadCount).toBe(0));
    expect(screen.queryByLabelText(/条未读消息/)).toBeNull();
  });
});
