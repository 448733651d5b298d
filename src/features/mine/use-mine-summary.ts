import { getConsumeCount } from '@/api/consumptions';
import { getRights } from '@/api/rights';
import { useRequest } from '@/hooks/server-state';
import { useUserStore } from '@/stores/user';

export interface MineSummary {
  /** Rights the user can use now. */
  availableRights: number;
  /** Successful consumptions not yet evaluated. */
  toEvaluate: number;
}

/**
 * The personal centre's counts. /mine and /mineNew are not kept alive (docs/product.md §2), so they
 * reload on each visit. Never called while logged out (docs/product.md §6.2).
 */
export function useMineSummary(enabled: boolean) {
  const token = useUserStore((s) => s.token);
  return useRequest<MineSummary>(
    async () => {
      const [rights, count] = await Promise.all([getRights({ status: 'available' }), getConsumeCount()]);
      return { availableRights: rights.length, toEvaluate: count.toEvaluate };
    },
    [token],
    { enabled },
  );
}
