import { useState } from 'react';
import type { Consumption, Page } from '@contract/types';
import { getConsumptions } from '@/api/consumptions';
import { useRequest } from '@/hooks/use-request';

export const RECORDS_PAGE_SIZE = 10;

interface Tail {
  /** The first page these pages follow; a refresh or a new filter makes a new one. */
  base: Page<Consumption> | undefined;
  list: Consumption[];
  pageNum: number;
  exhausted: boolean;
}

/**
 * My consumption records, paged (DESIGN §3): the first page through useRequest (so the screen
 * shows its loading / error / empty states and a kept screen does not refetch on show), later
 * pages appended by `loadMore` (infinite scroll), `refresh` starting over (pull to refresh).
 */
export function useConsumeRecords(evaluateStatus: 0 | 1 | undefined, userId: string | undefined) {
  const first = useRequest(
    () => getConsumptions({ pageNum: 1, pageSize: RECORDS_PAGE_SIZE, evaluateStatus }),
    [evaluateStatus ?? 'all', userId],
    { refreshOn: ['consumptions'] },
  );
  const base = first.data;
  const [stored, setTail] = useState<Tail>({ base: undefined, list: [], pageNum: 1, exhausted: false });
  const tail: Tail = stored.base === base ? stored : { base, list: [], pageNum: 1, exhausted: false };

  const list = [...(base?.list ?? []), ...tail.list];
  const hasMore = Boolean(base) && !tail.exhausted && list.length < (base?.total ?? 0);

  /** Appends the next page; rejects on failure so the infinite scroll offers 重新加载. */
  const loadMore = async () => {
    const pageNum = tail.pageNum + 1;
    const page = await getConsumptions({ pageNum, pageSize: RECORDS_PAGE_SIZE, evaluateStatus });
    setTail((previous) => {
      const current = previous.base === base ? previous : { base, list: [], pageNum: 1, exhausted: false };
      if (current.pageNum >= pageNum) return current;
      return { base, list: [...current.list, ...page.list], pageNum, exhausted: page.list.length === 0 };
    });
  };

  return {
    list,
    total: base?.total ?? 0,
    loading: first.loading,
    error: first.error,
    hasMore,
    loadMore,
    refresh: first.reload,
  };
}
