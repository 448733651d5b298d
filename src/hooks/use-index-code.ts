import { useSearchParams } from 'react-router-dom';
import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { useUserStore } from '@/stores/user';

const INDEX_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** The current screen's indexCode (SPEC §2: every tabbed route carries it, default 'index'). */
export function useIndexCode(): string {
  const [params] = useSearchParams();
  const code = params.get('indexCode');
  return code && INDEX_CODE.test(code) ? code : DEFAULT_INDEX_CODE;
}

/**
 * The product line the customer is in, for a screen without a tab bar (/evaluate, the
 * write-off screens, /message, /my/info, /my/share, the service screens; decision 0026): its
 * own `indexCode` query when it has one, else the one the last tabbed screen set (the store),
 * else 'index'. A login started there returns to that line's home.
 */
export function useSessionIndexCode(): string {
  const [params] = useSearchParams();
  const stored = useUserStore((s) => s.indexCode);
  const code = params.get('indexCode');
  if (code && INDEX_CODE.test(code)) return code;
  return stored || DEFAULT_INDEX_CODE;
}
