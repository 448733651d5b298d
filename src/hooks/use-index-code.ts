import { useSearchParams } from 'react-router-dom';
import { readIndexCode } from '@/lib/index-code';
import { useUserStore } from '@/stores/user';

/** The current screen's indexCode (docs/product.md §2: every tabbed route carries it, default 'index'). */
export function useIndexCode(): string {
  const [params] = useSearchParams();
  return readIndexCode(params.get('indexCode'));
}

/**
 * The product line the customer is in, for a screen without a tab bar (/evaluate, the
 * write-off screens, /message, /my/info, /my/share, the service screens; decision 0026): its
 * own `indexCode` query when it has one, else the one the last tabbed screen set (the store),
 * else 'index'. A login started there returns to that line's home. The tab bar and the guard
 * read it on tabbed screens too: the root layout writes the same value into a tabbed URL that
 * lacks one, but a render later (decision 0056).
 */
export function useSessionIndexCode(): string {
  const [params] = useSearchParams();
  const stored = useUserStore((s) => s.indexCode);
  return readIndexCode(params.get('indexCode'), stored);
}
