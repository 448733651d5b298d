import { useEffect } from 'react';
import { afterFirstContent } from '@/lib/after-paint';
import { refreshUnread } from '@/stores/unread';
import { useUserStore } from '@/stores/user';

/**
 * Keeps the unread badge (tab bar, personal centre) current: on app start and on
 * every login or logout (the token changes), and whenever the user returns to the app — the
 * tab becomes visible again, or the page comes back from the back/forward cache. Read-all
 * updates it directly (unreadChanged). Mounted once, in the root layout; the request client
 * is imported by stores/unread.ts on demand, so this costs the first screen nothing.
 */
export function useUnreadRefresh(): void {
  const token = useUserStore((s) => s.token);

  // At app start, after the first screen's content has painted (decision 0031).
  useEffect(() => afterFirstContent(() => void refreshUnread()), [token]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refreshUnread();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refreshUnread();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
}
