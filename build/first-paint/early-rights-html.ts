import { endpoints } from '../../contract/endpoints.ts';
import { SKELETON_ROWS } from '../../src/config/constants.ts';
import { PRODUCT_LINE_LABEL, RECORDS_TAB_LABEL, remainingText, RIGHT_STATUS_LABEL } from '../../src/lib/right-facts.ts';
import { scriptJson } from './script-json.ts';

/**
 * What index.html's inline code needs to draw /rights before the app has run (decision 0050),
 * from the module the screen itself words its cards with, so the two cannot drift apart: the
 * inline script's `__EARLY_RIGHTS__` becomes `{url, lines, statuses, records, unlimited, skeleton}`,
 * the last the loading rows the screen shows.
 */
export function earlyRightsInHtml(html: string): string {
  const constants =
    `{url:${scriptJson(endpoints.rightsList)},lines:${scriptJson(PRODUCT_LINE_LABEL)},statuses:${scriptJson(RIGHT_STATUS_LABEL)},` +
    `records:${scriptJson(RECORDS_TAB_LABEL)},unlimited:${scriptJson(remainingText({ totalTimes: null, usedTimes: 0 }))},` +
    `skeleton:${scriptJson(SKELETON_ROWS)}}`;
  return html.replace('__EARLY_RIGHTS__', () => constants);
}
