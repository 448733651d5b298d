import { useSearchParams } from 'react-router-dom';
import { DEFAULT_INDEX_CODE } from '@/config/constants';

/** The current screen's indexCode (SPEC §2: every tabbed route carries it, default 'index'). */
export function useIndexCode(): string {
  const [params] = useSearchParams();
  const code = params.get('indexCode');
  return code && /^[A-Za-z0-9_-]{1,32}$/.test(code) ? code : DEFAULT_INDEX_CODE;
}
