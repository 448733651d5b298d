import type { NoticeType } from '@contract/types';

/** DESIGN §4 "Messages": the label shown for each notice type. */
export const NOTICE_TYPE_LABELS: Record<NoticeType, string> = {
  system: '系统通知',
  service: '服务提醒',
  rights: '权益通知',
};

/**
 * A notice's content as one line of plain text for the list. Parsed with DOMParser, whose
 * documents are inert (no scripts run, no images load); scripts and styles are dropped before
 * the text is read, and the result is rendered as text, never as HTML.
 */
export function noticeSummary(html: string, max = 60): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, noscript, template, iframe, object').forEach((node) => node.remove());
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `YYYY-MM-DD HH:mm:ss` (DESIGN §3) shown as `YYYY-MM-DD HH:mm`. */
export const noticeTime = (createTime: string) => createTime.slice(0, 16);
