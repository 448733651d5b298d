import { TOKEN_COOKIE } from '@/config/constants';
import type { UserInfo } from '@contract/types';

/**
 * The customer the persisted user store holds, when the token cookie is there too (the app's
 * own rule, decision 0023: a stored session without its cookie is a guest). Read before the
 * app runs, without the store (zustand is not on the boot path): only what a boot module draws.
 */
export function storedCustomer(): Pick<UserInfo, 'mobilePhone' | 'nickname'> | null {
  let userInfo: unknown;
  try {
    userInfo = (JSON.parse(localStorage.getItem('user') ?? 'null') as { state?: { userInfo?: unknown } } | null)?.state
      ?.userInfo;
  } catch {
    return null;
  }
  if (typeof userInfo !== 'object' || userInfo === null) return null;
  const { mobilePhone, nickname } = userInfo as Record<string, unknown>;
  if (typeof mobilePhone !== 'string' || !new RegExp(`(?:^|; )${TOKEN_COOKIE}=.`).test(document.cookie)) return null;
  return { mobilePhone, nickname: typeof nickname === 'string' ? nickname : '' };
}
