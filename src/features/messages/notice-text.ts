import type { NoticeType } from '@contract/types';

/** docs/product.md §4.6: the label shown for each notice type. */
export const NOTICE_TYPE_LABELS: Record<NoticeType, string> = {
  system: '系统通知',
  service: '服务提醒',
  rights: '权益通知',
};

/** Notices per page of the message centre. */
export const NOTICE_PAGE_SIZE = 10;

/**
 * The list's loading shape (`<Skeleton>`'s rows, each as tall as a notice). index.html's early
 * frame draws the same rows while its call is on its way (decision 0040), from this constant.
 */
export const NOTICE_LIST_SKELETON = { rows: 6, rowHeight: 96 } as const;

/** Elements whose content is not text a reader sees. */
const HIDDEN = /<(script|style|noscript|template|iframe|object|textarea|title)\b[\s\S]*?<\/\1\s*>/gi;
/** Tags that end a block: a space keeps the words on either side apart. */
const BLOCK =
  /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
/**
 * Any other tag, comment or doctype (quoted attribute values may hold `>`). `\x3c` is `<`: this
 * module is inlined into index.html's <script> too (src/boot/notices.ts), where `<!--` is refused.
 */
const TAG = /\x3c!--[\s\S]*?-->|<[a-zA-Z/!?](?:[^>"']|"[^"]*"|'[^']*')*>/g;
/** How many characters of a summary the list shows. */
const SUMMARY_MAX = 60;

/**
 * A notice's content as one line of plain text for the list, rendered as text, never as HTML.
 * The markup is removed without building any element: the browser would register an inline
 * handler such as a hostile `onerror` while parsing, and the CSP reports every one it refuses,
 * for each summary made. What is left is read as text by a <textarea>, whose content the HTML
 * parser only decodes (entities), never turns into elements.
 */
export function noticeSummary(html: string, max = SUMMARY_MAX): string {
  const field = document.createElement('textarea');
  field.innerHTML = html.replace(HIDDEN, ' ').replace(BLOCK, ' ').replace(TAG, '');
  const text = field.value.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `YYYY-MM-DD HH:mm:ss` (docs/product.md §7.3) shown as `YYYY-MM-DD HH:mm`. */
export const noticeTime = (createTime: string) => createTime.slice(0, 16);
