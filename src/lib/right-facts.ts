import type { ProductLine, Right, RightStatus } from '@contract/types';

/**
 * Plain facts about a right, worded once for every screen that shows one (/rights, the
 * service information, the home summary): remaining times, validity, product line.
 */

/** Chinese label of a product line (docs/product.md §2.7). */
export const PRODUCT_LINE_LABEL: Record<ProductLine, string> = {
  std: '个人保障',
  ebt: '团体保障',
  ryb: '长期健康',
};

/** Chinese label of a right's status, as the /rights tabs name them. */
export const RIGHT_STATUS_LABEL: Record<RightStatus, string> = {
  available: '可使用',
  used: '已使用',
  expired: '已过期',
};

/** The /rights tab of the customer's consumption records. */
export const RECORDS_TAB_LABEL = '使用记录';

/** Times left, or null when the right is unlimited (`totalTimes` null). */
export function remainingTimes(right: Pick<Right, 'totalTimes' | 'usedTimes'>): number | null {
  return right.totalTimes === null ? null : Math.max(0, right.totalTimes - right.usedTimes);
}

/** "剩余 2 次（共 3 次）" or "不限次数". */
export function remainingText(right: Pick<Right, 'totalTimes' | 'usedTimes'>): string {
  const left = remainingTimes(right);
  return left === null ? '不限次数' : `剩余 ${left} 次（共 ${right.totalTimes} 次）`;
}

/** "2025-01-01 至 2029-12-31". */
export function validityText(right: Pick<Right, 'validFrom' | 'validTo'>): string {
  return `${right.validFrom} 至 ${right.validTo}`;
}

/** Of several rights for one service, the one to show: a usable one first, then used, then expired. */
export function pickRight<T extends Pick<Right, 'status'>>(rights: T[]): T | undefined {
  const order: RightStatus[] = ['available', 'used', 'expired'];
  return [...rights].sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status))[0];
}
