import { endpoints } from '@contract/endpoints';
import type { Notice, Page } from '@contract/types';
import { api } from './client';

export interface NoticeQuery {
  pageNum: number;
  pageSize: number;
  readFlag?: 0 | 1;
}

/** Classic screens read notices from prefix A, new-theme screens from prefix B (docs/product.md §2.7). */
export const getNotices = (query: NoticeQuery, prefix: 'A' | 'B' = 'A') =>
  api.get<Page<Notice>>(prefix === 'A' ? endpoints.noticeList : endpoints.noticeListB, { ...query });
export const getNoticeCount = () => api.get<{ unreadCount: number }>(endpoints.noticeCount);
export const readAllNotices = () => api.put<{ updated: number }>(endpoints.noticeReadAll);
export const readNotice = (id: number) => api.put<{ updated: number }>(endpoints.noticeReadOne, { id });
