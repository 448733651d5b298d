/**
 * The wording modules as the first-paint templates are rendered with them (decision 0057):
 * every text a component derives from a customer's data is a marked slot, `{{name}}`, that the
 * boot module fills with the real wording (features/messages/notice-text.ts, lib/right-facts.ts).
 * The constants the components read besides are the real ones.
 */
export { NOTICE_LIST_SKELETON, NOTICE_PAGE_SIZE } from '../../src/features/messages/notice-text.ts';
export { RECORDS_TAB_LABEL } from '../../src/lib/right-facts.ts';

/** A record whose every key reads as the slot `{{name}}`. */
const slot = (name: string) => new Proxy({}, { get: () => `{{${name}}}` }) as Record<string, string>;

export const NOTICE_TYPE_LABELS = slot('typeLabel');
export const noticeTime = () => '{{time}}';
export const noticeSummary = () => '{{summary}}';
export const PRODUCT_LINE_LABEL = slot('lineLabel');
export const RIGHT_STATUS_LABEL = slot('statusLabel');
export const remainingText = () => '{{remaining}}';
export const validityText = () => '{{validity}}';
