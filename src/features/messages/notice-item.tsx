import { memo, useMemo } from 'react';
import type { Notice } from '@contract/types';
import { NOTICE_TYPE_LABELS, noticeSummary, noticeTime } from './notice-text';

export interface NoticeItemProps {
  notice: Notice;
  onOpen: (notice: Notice) => void;
  /** Tapped before the popup's chunk arrived: the row shows that its tap was taken. */
  opening?: boolean;
}

/**
 * One row of the message centre: unread dot, type label, title, time and a one-line summary.
 * The button is named by what it shows (WCAG 2.5.3, label in name): a button's children are
 * presentational, so an aria-label would hide the time and the summary from screen readers.
 * Only 未读, which the eye gets from the dot, is added as text for them. Memoised: opening a
 * notice renders its popup, not every row again.
 */
export const NoticeItem = memo(function NoticeItem({ notice, onOpen, opening = false }: NoticeItemProps) {
  const unread = notice.readFlag === 0;
  // Once per content, not on every render of the list (全部已读, the next page).
  const summary = useMemo(() => noticeSummary(notice.content), [notice.content]);
  return (
    <li className="notice-item">
      <button
        type="button"
        className={`notice-item__button${unread ? ' notice-item__button--unread' : ''}`}
        aria-busy={opening || undefined}
        onClick={() => onOpen(notice)}
      >
        {unread && <span className="visually-hidden">未读，</span>}
        <span className="notice-item__head">
          <span className={`notice-item__type notice-item__type--${notice.noticeType}`}>
            {NOTICE_TYPE_LABELS[notice.noticeType]}
          </span>
          <time className="notice-item__time" dateTime={notice.createTime}>
            {noticeTime(notice.createTime)}
          </time>
        </span>
        <span className="notice-item__title">
          {unread && <span className="notice-item__dot" data-testid="unread-dot" aria-hidden="true" />}
          {notice.title}
        </span>
        <span className="notice-item__summary">{summary}</span>
      </button>
    </li>
  );
});
