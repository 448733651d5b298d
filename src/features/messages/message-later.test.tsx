// @vitest-environment jsdom
// jsdom: tests/pull-to-refresh.ts's Window stand-in breaks happy-dom's layout (decision 0066).
import { screen, waitFor, within } from '@testing-library/react';
import { useUnreadStore } from '@/stores/unread';
import { db } from '../../../tests/mocks/db';
import { allowPullToRefresh, pullDown } from '../../../tests/pull-to-refresh';
import { renderScreen } from '../../../tests/render';

/**
 * Whether the popup's module has been asked for (it is loaded at idle or on a tap, decision 0039);
 * it arrives when the test lets it.
 */
const popupAsked = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { value: false, arrived, arrive: () => arrive() };
});
vi.mock('./notice-popup', async (importOriginal) => {
  popupAsked.value = true;
  await popupAsked.arrived;
  return importOriginal();
});

const CUSTOMER = '13800138000';

allowPullToRefresh();

// The browser is never idle here: only a tap asks for the popup.
beforeAll(() => {
  Object.assign(window, { requestIdleCallback: () => 1, cancelIdleCallback: () => undefined });
});
afterAll(() => {
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

describe('/message before its popup and gestures have loaded', () => {
  it('opens a notice tapped before the popup was loaded, and marks it read at the tap', async () => {
    const { user } = renderScreen('/message', { user: CUSTOMER });
    const notice = await screen.findByRole('button', { name: /您的体检报告已生成/ });
    expect(popupAsked.value).toBe(false);
    expect(notice).not.toHaveAttribute('aria-busy');
    await user.click(notice);
    // The row answers the tap at once (decision 0043), and the notice is read, while the popup is
    // still on its way. Asked for again: the gestures' wrapper may arrive meanwhile and redraw the rows.
    expect(screen.getByRole('button', { name: /您的体检报告已生成/ })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(db.notices.find((n) => n.id === 6)?.readFlag).toBe(1));
    expect(popupAsked.value).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /您的体检报告已生成/ })).toHaveAttribute('aria-busy', 'true');
    popupAsked.arrive();
    const dialog = await screen.findByRole('dialog', { name: '您的体检报告已生成' });
    expect(screen.getByRole('button', { name: /您的体检报告已生成/, hidden: true })).not.toHaveAttribute('aria-busy');
    await within(dialog).findByText(/共2项指标异常/);
    await waitFor(() => expect(screen.getAllByTestId('unread-dot')).toHaveLength(4));
    expect(useUnreadStore.getState().unreadCount).toBe(4);
  });

  it('refreshes the list when pulled down, once the gestures have arrived', async () => {
    renderScreen('/message', { user: CUSTOMER });
    const list = () => screen.getByRole('list', { name: '消息列表' });
    await screen.findByRole('list', { name: '消息列表' });
    // The wrapper arrives after the list has painted, and holds the list.
    await waitFor(() => expect(list().closest('.adm-pull-to-refresh')).not.toBeNull());
    const notice = db.notices.find((n) => n.id === 6)!;
    notice.title = '您的体检报告已更新';
    await pullDown(screen.getByRole('button', { name: /您的体检报告已生成/ }));
    expect(await screen.findByRole('button', { name: /您的体检报告已更新/ })).toBeInTheDocument();
    expect(await screen.findByText('刷新成功')).toBeInTheDocument();
  });
});
