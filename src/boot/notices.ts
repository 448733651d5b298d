import {
  NOTICE_LIST_SKELETON,
  NOTICE_PAGE_SIZE,
  NOTICE_TYPE_LABELS,
  noticeSummary,
  noticeTime,
} from '@/features/messages/notice-text';
import { endpoints } from '@contract/endpoints';
import type { Notice, Page } from '@contract/types';
import { element, skeleton } from './dom';
import { drawFromEarlyCall } from './early-call';
import type { BootHooks } from './globals';
import { earlyCalls } from './globals';
import { storedToken } from './spec-headers';
import { storedCustomer } from './stored-customer';
import type { FirstPaintTemplates } from './templates';
import { fromTemplate } from './templates';

/** Whether `n` is a notice as the screen reads one. */
function isNotice(n: unknown): n is Notice {
  if (typeof n !== 'object' || n === null) return false;
  const x = n as Record<string, unknown>;
  return (
    typeof x.id === 'number' &&
    typeof x.title === 'string' &&
    typeof x.content === 'string' &&
    typeof x.noticeType === 'string' &&
    Object.prototype.hasOwnProperty.call(NOTICE_TYPE_LABELS, x.noticeType) &&
    (x.readFlag === 0 || x.readFlag === 1) &&
    typeof x.createTime === 'string'
  );
}

/** The page an envelope carries, when it is a page of notices; anything else is left to the app. */
function pageOf(envelope: unknown): Page<Notice> | null {
  const { code, obj } = (envelope ?? {}) as { code?: unknown; obj?: unknown };
  if (code !== 200 || typeof obj !== 'object' || obj === null) return null;
  const { total, list } = obj as Record<string, unknown>;
  return typeof total === 'number' && Array.isArray(list) && list.every(isNotice) ? (obj as Page<Notice>) : null;
}

/** A row as `NoticeItem` renders it (its template), the texts worded by the screen's own module. */
function noticeRow(n: Notice, templates: FirstPaintTemplates): HTMLElement {
  return fromTemplate(n.readFlag === 0 ? templates.noticeUnread : templates.noticeRead, {
    type: n.noticeType,
    typeLabel: NOTICE_TYPE_LABELS[n.noticeType],
    createTime: n.createTime,
    time: noticeTime(n.createTime),
    title: n.title,
    summary: noticeSummary(n.content),
  });
}

/**
 * Resolves once what was just drawn is on screen (its largest-contentful-paint entry is
 * reported), a frame later where the browser cannot tell; 500 ms at most.
 */
function shown(): Promise<void> {
  return new Promise((resolve) => {
    const at = performance.now();
    const done = () => setTimeout(resolve);
    // Older WebViews have no PerformanceObserver at all.
    const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined;
    if (!Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) {
      requestAnimationFrame(done);
      return;
    }
    new Observer((list, observer) => {
      if (list.getEntries().some((e) => e.startTime >= at)) {
        observer.disconnect();
        done();
      }
    }).observe({ type: 'largest-contentful-paint' });
    setTimeout(resolve, 500);
  });
}

/**
 * /message opened by a customer (decision 0040): the first page of notices is asked for while
 * the HTML is parsed, with docs/product.md §7's headers, and drawn as `NoticeItem` draws it (the summary and
 * labels from features/messages/notice-text.ts, the screen's own) while the app loads. The app
 * takes this answer instead of asking again (features/messages/early-notices.ts); an answer that
 * is not a page of notices (a failure, a refusal such as the clock's) is left to it.
 */
export function drawNotices(hooks: BootHooks, templates: FirstPaintTemplates): void {
  const token = storedToken();
  if (location.pathname !== '/message' || !storedCustomer() || !token) return;
  const fill = (frame: HTMLElement, page: Page<Notice>) => {
    const list = element('ul', 'messages__list', undefined, { 'aria-label': '消息列表' });
    for (const n of page.list) list.appendChild(noticeRow(n, templates));
    const unread = page.list.filter((n) => n.readFlag === 0).length;
    frame.querySelector('.skeleton')!.replaceWith(list);
    frame.querySelector('.messages__count')!.textContent = unread ? `${unread}条未读` : '暂无未读消息';
    frame.querySelector<HTMLButtonElement>('.messages__read-all')!.disabled = !unread;
  };

  earlyCalls().notices = drawFromEarlyCall(hooks, {
    url: `${endpoints.noticeList}?pageNum=1&pageSize=${NOTICE_PAGE_SIZE}`,
    token,
    accept: pageOf,
    build: (screen) => {
      const messages = screen.appendChild(element('div', 'messages'));
      messages.appendChild(fromTemplate(templates.messagesBar));
      // The screen's own loading rows (<Skeleton>, NOTICE_LIST_SKELETON) until the page replaces them.
      messages.appendChild(skeleton(templates.noticeSkeleton, NOTICE_LIST_SKELETON.rows));
    },
    fill,
    // The app waits for the list to be on screen before it downloads (first-paint-from-html.ts).
    shown,
  });
}
