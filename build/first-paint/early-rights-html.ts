import { endpoints } from '../../contract/endpoints';
import { SKELETON_ROWS } from '../../src/config/constants';
import { PRODUCT_LINE_LABEL, RECORDS_TAB_LABEL, remainingText, RIGHT_STATUS_LABEL } from '../../src/lib/right-facts';

/**
 * What index.html's inline code needs to draw /rights before the app has run (decision 0050),
 * from the module the screen itself words its cards with, so the two cannot drift apart: the
 * inline script's `__EARLY_RIGHTS__` becomes `{url, lines, statuses, records, unlimited, skeleton}`,
 * the last the loading rows the screen shows.
 */
export function earlyRightsInHtml(html: string): string {
  // `<` escaped: the text sits inside a <script>, where `</script` would end it.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const constants =
    `{url:${json(endpoints.rightsList)},lines:${json(PRODUCT_LINE_LABEL)},statuses:${json(RIGHT_STATUS_LABEL)},` +
    `records:${json(RECORDS_TAB_LABEL)},unlimited:${json(remainingText({ totalTimes: null, usedTimes: 0 }))},` +
    `skeleton:${json(SKELETON_ROWS)}}`;
  return html.replace('__EARLY_RIGHTS__', () => constants);
}
