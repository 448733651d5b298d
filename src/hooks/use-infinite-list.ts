import { useCallback, useRef, type DependencyList } from 'react';
import type { Page } from '@contract/types';
import { useRequest } from './use-request';

interface Loaded<T> {
  items: T[];
  total: number;
  pageNum: number;
}

export interface InfiniteListState<T> {
  items: T[];
  total: number;
  /** The first page is loading (the screen shows its skeleton). */
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  /** Loads the next page; rejects on failure so InfiniteScroll offers its retry. */
  loadMore: () => Promise<void>;
  /**
   * Loads the first page again and replaces the list, keeping it on screen meanwhile (pull to
   * refresh). A failure keeps the old list (the client has already said why).
   */
  refresh: () => Promise<void>;
  /** After an error: load the first page again, showing the skeleton. */
  retry: () => Promise<void>;
  /** Changes the loaded items locally after a mutation (read one, read all). */
  updateItems: (update: (items: T[]) => T[]) => void;
}

/**
 * A paged list of DESIGN §3 (`pageNum` from 1) for infinite scroll. Built on useRequest, so a
 * kept-alive screen keeps what it has loaded when shown again. Items already shown are not
 * repeated when a page shifts under us (a new notice arrived meanwhile): `key` dedupes.
 */
export function useInfiniteList<T>(
  fetchPage: (pageNum: number) => Promise<Page<T>>,
  key: (item: T) => string | number,
  deps: DependencyList,
): InfiniteListState<T> {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const first = useRequest<Loaded<T>>(
    () => fetchRef.current(1).then((page) => ({ items: page.list, total: page.total, pageNum: 1 })),
    deps,
  );
  const { data, setData } = first;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const hasMore = Boolean(data) && items.length < total;

  const loadMore = useCallback(async () => {
    if (!data) return;
    const page = await fetchRef.current(data.pageNum + 1);
    setData((previous) => {
      const base = previous ?? { items: [], total: 0, pageNum: 0 };
      const seen = new Set(base.items.map(key));
      const fresh = page.list.filter((item) => !seen.has(key(item)));
      // An empty page ends the list even if `total` promised more (rows deleted meanwhile).
      const total = page.list.length === 0 ? base.items.length : page.total;
      return { items: [...base.items, ...fresh], total, pageNum: page.pageNum };
    });
  }, [data, key, setData]);

  const refresh = useCallback(async () => {
    try {
      const page = await fetchRef.current(1);
      setData({ items: page.list, total: page.total, pageNum: 1 });
    } catch {
      // Kept as it was: the request client has shown the network toast.
    }
  }, [setData]);

  const updateItems = useCallback(
    (update: (items: T[]) => T[]) =>
      setData((previous) => ({ ...(previous ?? { total: 0, pageNum: 1 }), items: update(previous?.items ?? []) })),
    [setData],
  );

  return {
    items,
    total,
    loading: first.loading,
    error: first.error,
    hasMore,
    loadMore,
    refresh,
    retry: first.reload,
    updateItems,
  };
}
