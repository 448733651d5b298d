import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readAllNotices, readNotice } from '@/api/notices';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { Skeleton } from '@/components/skeleton';
import { usePagedList } from '@/hooks/server-state';
import { afterNextPaint } from '@/lib/after-paint';
import { whenIdle } from '@/lib/when-idle';
import { refreshUnread, unreadChanged, useUnreadStore } from '@/stores/unread';
import { useUserStore } from '@/stores/user';
import type { Notice } from '@contract/types';
import { arrivedNotices, forgetEarlyNotices } from './early-notices';
import { fetchNoticePage, noticesKey } from './message-data';
import { MessagesBar } from './messages-bar';
import { NoticeItem } from './notice-item';
import { NOTICE_LIST_SKELETON, NOTICE_TYPE_LABELS, noticeTime } from './notice-text';
import { onDemand } from './on-demand';
import './messages.css';

const noticeKey = (notice: Notice) => notice.id;

// The first notice waits for none of antd-mobile's animated parts (decision 0039): the
// gestures load once the list has painted, the popup at idle after that or on a tap.
const gestures = onDemand(() => import('./list-gestures'));
const popup = onDemand(() => import('./notice-popup'));
const ignore = () => undefined; // not loaded (offline): the list still reads; the next show or tap asks again

/** /message: the message centre (docs/product.md §4.6). Kept alive; classic screens read prefix A. */
export default function MessagePage() {
  return <NoticeList />;
}

function NoticeList() {
  const navigate = useNavigate();
  const token = useUserStore((s) => s.token);
  const unread = useUnreadStore((s) => s.unreadCount);
  const [open, setOpen] = useState<Notice>();
  const [readingAll, setReadingAll] = useState(false);
  // The first page is index.html's when it has arrived (decision 0040), else the route's
  // loader's when it started one (decision 0036).
  const [initialPage] = useState(() => arrivedNotices(token));
  const list = usePagedList(fetchNoticePage, [token], {
    key: noticeKey,
    loadKey: noticesKey(token),
    initialPage,
  });
  const { updateItems } = list;
  const [gesturesModule, setGesturesModule] = useState(gestures.loaded);
  const [popupModule, setPopupModule] = useState(popup.loaded);
  // The notice tapped before the popup had loaded: its row answers the tap at once, in the tap's
  // own frame, until the popup opens (decision 0043).
  const [waitingFor, setWaitingFor] = useState<number>();
  const listShown = !list.loading && !list.error && list.items.length > 0;

  useEffect(() => {
    if (!listShown) return;
    let cancelIdle: () => void = ignore;
    const cancelPaint = afterNextPaint(() => {
      void gestures.load().then(setGesturesModule, ignore);
      cancelIdle = whenIdle(() => void popup.load().then(setPopupModule, ignore));
    });
    return () => {
      cancelPaint();
      cancelIdle();
    };
  }, [listShown]);

  // The badge count is the server's: reload it whenever the centre is shown.
  useEffect(() => {
    void refreshUnread();
  }, []);

  useEffect(forgetEarlyNotices, []);

  const markRead = useCallback(
    (id: number) => {
      updateItems((items) => items.map((n) => (n.id === id ? { ...n, readFlag: 1 } : n)));
    },
    [updateItems],
  );

  // The same function from render to render, so that a tap renders the popup and none of the
  // list's rows (NoticeItem is memoised).
  const openNotice = useCallback(
    (notice: Notice) => {
      // The popup (antd-mobile's, its content sanitised) renders as a transition, in slices, so
      // the tap's frame is not held by it; the read call starts after that frame.
      startTransition(() => setOpen(notice));
      // Tapped before the popup was loaded: it opens when it arrives.
      if (!popup.loaded()) {
        setWaitingFor(notice.id);
        void popup.load().then(setPopupModule, () => setWaitingFor(undefined));
      }
      if (notice.readFlag !== 0) return;
      afterNextPaint(() => {
        void readNotice(notice.id)
          .then(({ updated }) => {
            markRead(notice.id);
            unreadChanged(useUnreadStore.getState().unreadCount - updated);
          })
          .catch(() => undefined); // the client has shown why; the dot stays
      });
    },
    [markRead],
  );

  const readAll = async () => {
    setReadingAll(true);
    try {
      await readAllNotices();
      updateItems((items) => items.map((n) => ({ ...n, readFlag: 1 })));
      unreadChanged(0);
    } catch {
      // The client has shown why; nothing changed.
    } finally {
      setReadingAll(false);
    }
  };

  const refresh = async () => {
    await Promise.all([list.refresh(), refreshUnread()]);
  };

  const go = (path: string) => {
    setOpen(undefined);
    navigate(path);
  };

  const notices = useMemo(
    () => (
      <ul className="messages__list" aria-label="消息列表">
        {list.items.map((notice) => (
          <NoticeItem
            key={notice.id}
            notice={notice}
            onOpen={openNotice}
            opening={!popupModule && notice.id === waitingFor}
          />
        ))}
      </ul>
    ),
    [list.items, openNotice, popupModule, waitingFor],
  );

  // The server's count; if it could not be loaded, at least what the loaded pages show.
  const shownUnread = Math.max(unread, list.items.filter((n) => n.readFlag === 0).length);
  const anyUnread = shownUnread > 0;
  // 暂无未读消息 only once the first page has answered: the line is read aloud (aria-live), and
  // before that (or when the list failed) a count of 0 only means nothing is known yet.
  const countText = anyUnread ? `${shownUnread}条未读` : list.loading || list.error ? '' : '暂无未读消息';

  return (
    <div className="messages">
      <RouteHeading />
      <MessagesBar countText={countText} readAllDisabled={!anyUnread || readingAll} onReadAll={readAll} />
      <PageState
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        empty={list.items.length === 0}
        emptyProps={{ text: '暂无消息' }}
        skeleton={<Skeleton {...NOTICE_LIST_SKELETON} />}
      >
        {/* The gestures' arrival mounts the <ul> again, under their wrapper: once, in one commit, in
            the same box (the refresh head is 0 high, the loader goes below), and the list's state
            lives here, not in its DOM. A Suspense fallback would remount it the same way and ask
            for the chunk before the first paint. */}
        {gesturesModule ? (
          <gesturesModule.ListGestures onRefresh={refresh} loadMore={list.loadMore} hasMore={list.hasMore}>
            {notices}
          </gesturesModule.ListGestures>
        ) : (
          notices
        )}
      </PageState>
      {popupModule && (
        <popupModule.NoticePopup
          notice={open}
          typeLabel={open ? NOTICE_TYPE_LABELS[open.noticeType] : ''}
          time={open ? noticeTime(open.createTime) : ''}
          onClose={() => setOpen(undefined)}
          onNavigate={go}
        />
      )}
    </div>
  );
}
