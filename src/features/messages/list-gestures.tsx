import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface ListGesturesProps {
  onRefresh: () => Promise<unknown>;
  loadMore: () => Promise<void>;
  hasMore: boolean;
  children: ReactNode;
}

/**
 * Pull to refresh around the message list and the next page at its end. Loaded after the list
 * has painted (decision 0039): it brings react-spring and use-gesture.
 */
export function ListGestures({ onRefresh, loadMore, hasMore, children }: ListGesturesProps) {
  return (
    <PullToRefresh onRefresh={onRefresh}>
      {children}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </PullToRefresh>
  );
}
