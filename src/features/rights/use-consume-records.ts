import { getConsumptions } from '@/api/consumptions';
import { usePagedList } from '@/hooks/server-state';
import type { Consumption } from '@contract/types';

export const RECORDS_PAGE_SIZE = 10;

const recordKey = (record: Consumption) => record.id;

/**
 * My consumption records, paged (docs/product.md §7.3) for infinite scroll and pull to refresh; a filter
 * or another customer starts the list over, and a kept screen reloads it after an evaluation
 * or a write-off (`consumptions`).
 */
export function useConsumeRecords(evaluateStatus: 0 | 1 | undefined, userId: string | undefined) {
  return usePagedList(
    (pageNum) => getConsumptions({ pageNum, pageSize: RECORDS_PAGE_SIZE, evaluateStatus }),
    [evaluateStatus ?? 'all', userId],
    { key: recordKey, refreshOn: ['consumptions'] },
  );
}
