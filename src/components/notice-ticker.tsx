import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRequest } from '@/hooks/use-request';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import './home-widgets.css';

export interface NoticeTickerProps {
  /** Classic screens read notices from prefix A, new-theme screens from B (DESIGN §7). */
  prefix: 'A' | 'B';
  /** Where a tap leads. */
  to?: string;
}

const ROTATE_MS = 4000;

/** Latest unread notice titles (issue 5: the home's ticker), shown only while logged in. */
async function loadUnread(prefix: 'A' | 'B') {
  // Dynamic: the request client stays off the home's first screen (issue 9).
  const { getNotices } = await import('@/api/notices');
  return (await getNotices({ pageNum: 1, pageSize: 5, readFlag: 0 }, prefix)).list;
}

/**
 * One line that cycles through the newest unread notices; a tap opens the message centre.
 * Nothing shows while logged out, with no unread notice, or when the call failed (the client
 * has already said why; the ticker is an extra, not the home's content).
 */
export function NoticeTicker({ prefix, to = '/message' }: NoticeTickerProps) {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const userId = useUserStore((s) => s.userInfo?.userId);
  const { data } = useRequest(() => loadUnread(prefix), [userId, prefix], { enabled: loggedIn });
  const [index, setIndex] = useState(0);
  const count = data?.length ?? 0;

  // An Effect, so the rotation pauses while the kept home is hidden (STYLE §8).
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (!loggedIn || !data || count === 0) return null;
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
      <span className="notice-ticker__count">{count > 1 ? `${index % count + 1}/${count}` : ''}</span>
      <span className="visually-hidden">，查看全部消息</span>
    </Link>
  );
}
