import { getNotices } from '@/api/notices';
import { preloadFirstPage } from '@/hooks/server-state';
import { useUserStore } from '@/stores/user';
import { arrivedNotices, pendingNotices } from './early-notices';
import { NOTICE_PAGE_SIZE } from './notice-text';

/** The first page of /message's notices (prefix A, docs/product.md §7.1). */
export const fetchNoticePage = (pageNum: number) => getNotices({ pageNum, pageSize: NOTICE_PAGE_SIZE }, 'A');

/** The key /message reads its list under, for its loader and its screen alike. */
export const noticesKey = (token: string) => JSON.stringify(['notices', 'A', token]);

/**
 * /message's loader (decision 0036): the first page starts beside the screen's chunk, unless
 * index.html has already asked for it (decision 0040): the screen then shows that page, or waits
 * for it and asks the gateway only if it was not a page of notices.
 */
export function loadNotices(): void {
  const token = useUserStore.getState().token;
  if (arrivedNotices(token)) return;
  const early = pendingNotices(token);
  preloadFirstPage(noticesKey(token), () =>
    early ? early.then((page) => page ?? fetchNoticePage(1)) : fetchNoticePage(1),
  );
}
