import { type ReactNode, useEffect } from 'react';
import { usePainted } from '@/hooks/use-painted';
import { afterNextPaint } from '@/lib/after-paint';
import { refreshUnread, useUnreadStore } from '@/stores/unread';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import type { UserInfo } from '@contract/types';
import { maskPhone } from '@contract/validation';
import { MineCounts } from './mine-counts';
import { MineMenu } from './mine-menu';
import { useMineSummary } from './use-mine-summary';
import { useUnbind } from './use-unbind';

/** What a personal centre lays out: the customer, and the counts and menu ready to place. */
export interface CentreParts {
  userInfo: UserInfo;
  /** The mobile phone, masked (docs/product.md §2). */
  phone: string;
  counts: ReactNode;
  menu: ReactNode;
}

export interface PersonalCentreProps {
  /** The theme's home, where unbinding leads. */
  home: '/index' | '/indexNew';
  /** The theme's share code screen, an agent's menu entry. */
  sharePath: '/my/share' | '/my/shareNew';
  /** Ask for the counts and the unread count once the header has painted (decision 0031). */
  afterPaint?: boolean;
  /** The theme's layout of the parts. */
  children: (parts: CentreParts) => ReactNode;
}

/**
 * The data of both personal centres, /mine and /mineNew (docs/product.md §2, docs/product.md §4.7): the customer, the
 * counts, the unread count (reloaded on each visit) and the menu with its unbind. Nothing until
 * a customer is known; the route's guard offers login.
 */
export function PersonalCentre({ home, sharePath, afterPaint = false, children }: PersonalCentreProps) {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const userInfo = useUserStore((s) => s.userInfo);
  const role = useUserStore((s) => s.role);
  const unread = useUnreadStore((s) => s.unreadCount);
  const painted = usePainted();
  const ready = painted || !afterPaint;
  const summary = useMineSummary(loggedIn && ready);
  const { unbind, busy } = useUnbind(home);

  useEffect(() => {
    if (!loggedIn) return undefined;
    if (afterPaint) return afterNextPaint(() => void refreshUnread());
    void refreshUnread();
    return undefined;
  }, [loggedIn, afterPaint]);

  if (!userInfo) return null;

  return children({
    userInfo,
    phone: maskPhone(userInfo.mobilePhone),
    counts: (
      <MineCounts
        summary={summary.data}
        loading={summary.loading || !ready}
        error={summary.error}
        onRetry={summary.reload}
        unread={unread}
      />
    ),
    menu: (
      <MineMenu
        isAgent={(role || userInfo.role) === 'agent'}
        unread={unread}
        toEvaluate={summary.data?.toEvaluate ?? 0}
        sharePath={sharePath}
        onUnbind={unbind}
        unbinding={busy}
      />
    ),
  });
}
