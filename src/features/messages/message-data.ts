import { getNotices } from '@/api/notices';
import { preloadFirstPage } from '@/hooks/server-state';
import { useUserStore } from '@/stores/user';

/** Notices per page. */
export const NOTICE_PAGE_SIZE = 10;

/** The first page of /message's notices (prefix A, DESIGN §7). */
export const fetchNoticePage = (pageNum: number) => getNotices({ pageNum, pageSize: NOTICE_PAGE_SIZE }, 'A');

/** The key /message reads its list under, for its loader and its screen alike. */
export const noticesKey = (token: string) => JSON.stringify(['notices', 'A', token]);

/** /message's loader (decision 0036): the first page starts beside the screen's chunk. */
export function loadNotices(): void {
  preloadFirstPage(noticesKey(useUserStore.getState().token), () => fetchNoticePage(1));
}
