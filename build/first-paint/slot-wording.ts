/**
 * The wording modules as the first-paint templates are rendered with them (decision 0057):
 * every text a component derives from a customer's data is a marked slot, `{{name}}`, that the
 * boot module fills with the real wording (features/messages/notice-text.ts, lib/right-facts.ts).
 * The constants the components read besides are the real ones.
 */
import * as notices from '../../src/features/messages/notice-text.ts';
import * as rights from '../../src/lib/right-facts.ts';

export { NOTICE_LIST_SKELETON, NOTICE_PAGE_SIZE } from '../../src/features/messages/notice-text.ts';
export { RECORDS_TAB_LABEL } from '../../src/lib/right-facts.ts';

/**
 * `labels`, but read with a slot as its key (a template's `{{status}}`) it is the slot `{{name}}`:
 * a tab's fixed label stays itself, a customer's right's label is filled by the boot module.
 */
const slotted = (labels: Record<string, string>, name: string) =>
  new Proxy(labels, {
    get: (target, key) => (typeof key === 'string' && key.startsWith('{{') ? `{{${name}}}` : target[key as string]),
  });

export const NOTICE_TYPE_LABELS = slotted(notices.NOTICE_TYPE_LABELS, 'typeLabel');
export const noticeTime = () => '{{time}}';
export const noticeSummary = () => '{{summary}}';
export const PRODUCT_LINE_LABEL = slotted(rights.PRODUCT_LINE_LABEL, 'lineLabel');
export const RIGHT_STATUS_LABEL = slotted(rights.RIGHT_STATUS_LABEL, 'statusLabel');
export const remainingText = () => '{{remaining}}';
export const validityText = () => '{{validity}}';
