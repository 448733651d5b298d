import { endpoints } from '../../contract/endpoints.ts';
import {
  NOTICE_LIST_SKELETON,
  NOTICE_PAGE_SIZE,
  NOTICE_TYPE_LABELS,
  SUMMARY_RULES,
} from '../../src/features/messages/notice-text.ts';
import { scriptJson } from './script-json.ts';

/**
 * What index.html's inline code needs to draw /message's first notices before the app has run
 * (decision 0040), from the modules the screen itself uses, so the two cannot drift apart: the
 * inline script's `__EARLY_NOTICES__` becomes `{url, labels, hidden, block, tag, max, skeleton}`,
 * the first page's address (prefix A, as the screen reads it), the type labels, the summary's
 * rules and the list's loading rows (drawn while the call is on its way).
 */
export function earlyNoticesInHtml(html: string): string {
  // `<` escaped: the text sits inside a <script>, where `<!--` or `</script` would change how
  // the HTML around it is read. `\x3c` is `<` in a regular expression, `\u003c` in JSON.
  const pattern = (rule: RegExp) => String(rule).replace(/</g, '\\x3c');
  const { hidden, block, tag, max } = SUMMARY_RULES;
  const constants =
    `{url:${scriptJson(`${endpoints.noticeList}?pageNum=1&pageSize=${NOTICE_PAGE_SIZE}`)},labels:${scriptJson(NOTICE_TYPE_LABELS)},` +
    `hidden:${pattern(hidden)},block:${pattern(block)},tag:${pattern(tag)},max:${max},` +
    `skeleton:${scriptJson(NOTICE_LIST_SKELETON)}}`;
  return html.replace('__EARLY_NOTICES__', () => constants);
}
