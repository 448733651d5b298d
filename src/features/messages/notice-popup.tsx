import { Popup } from 'antd-mobile';
import { SafeHtml } from '@/components/safe-html';
import { safePath } from '@/lib/safe-path';
import type { Notice } from '@contract/types';

export interface NoticePopupProps {
  notice: Notice | undefined;
  /**
   * Its type and time as the list shows them: passed in, so that this chunk shares no module
   * with the list's and the list needs one request fewer (decision 0039).
   */
  typeLabel: string;
  time: string;
  onClose: () => void;
  /** Open a same-origin path (the notice's linkUrl, or a link inside its content). */
  onNavigate: (path: string) => void;
}

/** A notice's full text in a bottom popup (docs/product.md §2.6), sanitised. */
export function NoticePopup({ notice, typeLabel, time, onClose, onNavigate }: NoticePopupProps) {
  const link = notice?.linkUrl ? safePath(notice.linkUrl, '') : '';
  return (
    <Popup
      visible={Boolean(notice)}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="notice-popup"
      destroyOnClose
    >
      {notice && (
        <div role="dialog" aria-modal="true" aria-labelledby="notice-popup-title" className="notice-popup__inner">
          <header className="notice-popup__head">
            <h2 id="notice-popup-title" className="notice-popup__title">
              {notice.title}
            </h2>
            <p className="notice-popup__meta">
              <span>{typeLabel}</span>
              <time dateTime={notice.createTime}>{time}</time>
            </p>
          </header>
          <SafeHtml className="notice-popup__content" html={notice.content} onNavigate={onNavigate} />
          <footer className="notice-popup__actions">
            <button type="button" className="app-button app-button--ghost" onClick={onClose}>
              关闭
            </button>
            {link && (
              <button type="button" className="app-button app-button--primary" onClick={() => onNavigate(link)}>
                查看详情
              </button>
            )}
          </footer>
        </div>
      )}
    </Popup>
  );
}
