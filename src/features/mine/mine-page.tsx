import { useEffect } from 'react';
import { maskPhone } from '@contract/validation';
import { RouteHeading } from '@/components/route-heading';
import { refreshUnread, useUnreadStore } from '@/stores/unread';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { usePainted } from '@/hooks/use-painted';
import { afterNextPaint } from '@/lib/after-paint';
import { AvatarPicker } from './avatar-picker';
import { MineCounts } from './mine-counts';
import { MineMenu } from './mine-menu';
import { useMineSummary } from './use-mine-summary';
import { useUnbind } from './use-unbind';
import './mine.css';

/**
 * /mine: the personal centre (SPEC §2, DESIGN §4): avatar (tap to change), nickname, masked
 * phone, counts, the menu. Not kept alive, so the counts reload on each visit. Logged out, it
 * offers login.
 */
export default function MinePage() {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const userInfo = useUserStore((s) => s.userInfo);
  const role = useUserStore((s) => s.role);
  const unread = useUnreadStore((s) => s.unreadCount);
  // The counts are asked once the header has painted; their row keeps its size meanwhile (decision 0031).
  const painted = usePainted();
  const summary = useMineSummary(loggedIn && painted);
  const { unbind, busy } = useUnbind('/index');

  useEffect(() => (loggedIn ? afterNextPaint(() => void refreshUnread()) : undefined), [loggedIn]);

  if (!userInfo) return null;

  return (
    <div className="mine">
      <RouteHeading />
      <header className="mine__header">
        <AvatarPicker size={64} />
        <div className="mine__who">
          <p className="mine__name">{userInfo.nickname}</p>
          <p className="mine__phone">{maskPhone(userInfo.mobilePhone)}</p>
        </div>
      </header>
      <div className="mine__body">
        <MineCounts
          summary={summary.data}
          loading={summary.loading || !painted}
          error={summary.error}
          onRetry={summary.reload}
          unread={unread}
        />
        <MineMenu
          isAgent={(role || userInfo.role) === 'agent'}
          unread={unread}
          toEvaluate={summary.data?.toEvaluate ?? 0}
          sharePath="/my/share"
          onUnbind={unbind}
          unbinding={busy}
        />
      </div>
    </div>
  );
}
