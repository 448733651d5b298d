import { create } from 'zustand';
import { useUserStore } from './user';

/**
 * The one server value shown in several places at once (docs/style.md §5): the unread notice count,
 * on the tab bar's 我的, the personal centre and the message centre.
 */
interface UnreadState {
  unreadCount: number;
}

export const useUnreadStore = create<UnreadState>()(() => ({ unreadCount: 0 }));

let inFlight: Promise<void> | undefined;

/** Reloads the count (once at a time); 0 while logged out, without calling the gateway. */
export function refreshUnread(): Promise<void> {
  if (!useUserStore.getState().token) {
    useUnreadStore.setState({ unreadCount: 0 });
    return Promise.resolve();
  }
  // Loaded on demand: the tab bar is on the first screen, the request client is not (decision 0003).
  inFlight ??= import('@/api/notices')
    .then(({ getNoticeCount }) => getNoticeCount())
    .then(({ unreadCount }) => useUnreadStore.setState({ unreadCount }))
    .catch(() => undefined)
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** Notices were read here: the badge follows at once, without another request. */
export function unreadChanged(unreadCount: number): void {
  useUnreadStore.setState({ unreadCount: Math.max(0, unreadCount) });
}
