import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRequest } from '@/hooks/server-state';
import { usePainted } from '@/hooks/use-painted';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import './home-widgets.css';

export interface NoticeTickerProps {
  /** Classic screens read notices from prefix A, new-theme screens from B (docs/product.md §2.7). */
  prefix: 'A' | 'B';
  /** Where a tap leads. */
  to?: string;
}

const ROTATE_MS = 4000;

/** Latest unread notice titles (the home's ticker), shown only while logged in. */
async function loadUnread(prefix: 'A' | 'B') {
  // Dynamic: the request client stays off the home's first screen (decision 0003).
  const { getNotices } = await import('@/api/notices');
  return (await getNotices({ pageNum: 1, pageSize: 5, readFlag: 0 }, prefix)).list;
}

/**
 * The ticker's line while the notices load: it keeps its place. /indexNew draws it before the
 * app from this component too (build/first-paint/templates.tsx, decision 0057).
 */
export function NoticeTickerPlaceholder() {
  return (
    <div className="notice-ticker" aria-busy="true" aria-label="加载中">
      <span className="notice-ticker__badge">消息</span>
      <span className="notice-ticker__placeholder" />
    </div>
  );
}

/**
 * One line that cycles through the newest unread notices; a tap opens the message centre.
 * Logged in, its line is always there, so nothing below it moves when the notices arrive
 * (decision 0031): a placeholder while they load (asked once the home's banner has painted),
 * 暂无未读消息 when there is none, and only 查看全部消息 when the call failed (the client has
 * already said why; the ticker is an extra, not the home's content, and must not claim there is
 * nothing unread). Nothing shows while logged out.
 */
export function NoticeTicker({ prefix, to = '/message' }: NoticeTickerProps) {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const userId = useUserStore((s) => s.userInfo?.userId);
  const painted = usePainted();
  const { data, error } = useRequest(() => loadUnread(prefix), [userId, prefix], { enabled: loggedIn && painted });
  const [index, setIndex] = useState(0);
  const count = data?.length ?? 0;

  // An Effect, so the rotation pauses while the kept home is hidden (docs/style.md §8).
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (!loggedIn) return null;
  if (!data && !error) {
    return <NoticeTickerPlaceholder />;
  }
  if (!data || count === 0) {
    // A failed call knows nothing about unread notices: it only offers the list.
    return (
      <Link to={to} className="notice-ticker">
        <span className="notice-ticker__badge">消息</span>
        <span className="notice-ticker__title notice-ticker__title--quiet">
          {data ? '暂无未读消息' : '查看全部消息'}
        </span>
        {data && <span className="visually-hidden">，查看全部消息</span>}
      </Link>
    );
  }
  const notice = data[index % count];
  return (
    // Named by what it shows (WCAG 2.5.3, label in name), with 未读 and where it leads added for
    // screen readers: 未读消息 核销码已过期 1/5，查看全部消息.
    <Link to={to} className="notice-ticker">
      <span className="visually-hidden">未读</span>
      <span className="notice-ticker__badge">消息</span>
      <span className="notice-ticker__title" key={notice.id}>
        {notice.title}
      </span>
      <span className="notice-ticker__count">{count > 1 ? `${(index % count) + 1}/${count}` : ''}</span>
      <span className="visually-hidden">，查看全部消息</span>
    </Link>
  );
}
