import { ApiError } from '@/api/api-error';
import { bindWeChat, checkLogin } from '@/api/login';
import { checkAgreement } from '@/components/check-agreement';
import { env } from '@/config/env';
import type { RouteVariant } from '@/hooks/use-route-meta';
import { confirm } from '@/lib/dialog';
import { readIndexCode } from '@/lib/index-code';
import type { TransferPage } from '@/lib/login-redirect';
import { LOGIN_STATE_PARAM } from '@/lib/login-state';
import { loginStateConsumed } from '@/lib/login-state-check';
import { withIndexCode } from '@/lib/paths';
import { safePath } from '@/lib/safe-path';
import { loginThemeReturned } from '@/stores/theme';
import {
  fullPathCleared,
  indexCodeChanged,
  loggedIn,
  selectIsLoggedIn,
  userInfoReplaced,
  useUserStore,
} from '@/stores/user';
import { maskPhone } from '@contract/validation';
import { OPEN_ID_SIGN } from '@contract/wx-vouch';

/** What differs between the three transfer pages (docs/product.md §4.2). */
export interface TransferVariant {
  transferPage: TransferPage;
  ck: 'ck' | 'ckNew';
  source: string;
  /** The home to land on when no saved path applies. */
  home: '/index' | '/indexNew';
}

/** /transferPage: ck; /transferPage1: ckNew and the new theme; /transferPageMn: ck with the Mn source. */
export function transferVariant(variant: RouteVariant | undefined): TransferVariant {
  if (variant === 'new') return { transferPage: '/transferPage1', ck: 'ckNew', source: env.source, home: '/indexNew' };
  if (variant === 'mn') return { transferPage: '/transferPageMn', ck: 'ck', source: env.sourceMn, home: '/index' };
  return { transferPage: '/transferPage', ck: 'ck', source: env.source, home: '/index' };
}

/** `data` is the indexCode alone (docs/product.md §4.2); anything malformed means the default. */
export const indexCodeFrom = (value: string | null) => readIndexCode(value);

export type LoginOutcome =
  | { ok: true; target: string }
  /** `retry`: the ticket may still be good (the call never arrived), so trying again makes sense. */
  | { ok: false; message: string; retry: boolean };

export const MISSING_TICKET = '登录凭证缺失，请重新登录';
export const EXPIRED_TICKET = '登录凭证无效或已过期，请重新登录';
export const NETWORK_FAILED = '网络异常，登录未完成，请检查网络后重试';
/** The ticket came without the state this browser kept: a link from elsewhere, or a stale one. */
export const LOGIN_STATE_INVALID = '登录已失效，请重新登录';

// Login and transfer pages are never a destination: returning there would loop.
const LOOPING = /^\/(?:login|transferPage)/;

/** The saved fullPath when it is a same-origin, non-login path; else the variant's home. */
export function landingPath(fullPath: string, variant: TransferVariant, indexCode: string): string {
  const home = withIndexCode(variant.home, indexCode);
  const target = safePath(fullPath, home);
  return LOOPING.test(target) ? home : target;
}

/**
 * Asks a logged-in customer whether this login may replace their session; a dialog that cannot
 * load (its chunk failed) keeps the account.
 */
export function confirmAccountSwitch(phone: string): Promise<boolean> {
  return confirm({
    title: '切换账号',
    content: `当前已登录 ${maskPhone(phone)}，继续将退出该账号，改用本次验证的手机号登录。`,
    confirmText: '切换账号',
    cancelText: '保留当前账号',
  }).catch(() => false);
}

/**
 * Whether the ticket may be exchanged (decision 0051): null when it may; else the outcome to
 * show instead. The URL must bring back the state this browser kept (consumed here, whatever
 * the answer); a logged-in customer is asked before anything replaces their session, and
 * keeping it lands them where they were, with the ticket unspent.
 */
async function admitTicket(params: URLSearchParams, variant: TransferVariant): Promise<LoginOutcome | null> {
  if (!loginStateConsumed(params.get(LOGIN_STATE_PARAM)))
    return { ok: false, message: LOGIN_STATE_INVALID, retry: false };
  const { userInfo, fullPath } = useUserStore.getState();
  if (userInfo?.mobilePhone && !(await confirmAccountSwitch(userInfo.mobilePhone))) {
    fullPathCleared();
    return { ok: true, target: landingPath(fullPath, variant, indexCodeFrom(params.get('data'))) };
  }
  return null;
}

/** One ticket's attempts: the admission is decided once, so 重试 neither re-checks nor re-asks. */
export interface LoginAttempts {
  admitted?: Promise<LoginOutcome | null>;
}

/**
 * The transfer page's work (docs/product.md §4.2): the state and account-switch checks, then ck / ckNew
 * with the share attribution from the store, store + cookie, the WeChat profile when the SSO
 * handed one back, the indexCode, the agreement check, then where to go. Never throws.
 */
export async function completeLogin(
  params: URLSearchParams,
  variant: TransferVariant,
  attempts: LoginAttempts = {},
): Promise<LoginOutcome> {
  const ticket = params.get('ticket') ?? '';
  if (!ticket) return { ok: false, message: MISSING_TICKET, retry: false };
  const refusal = await (attempts.admitted ??= admitTicket(params, variant));
  if (refusal) return refusal;
  const indexCode = indexCodeFrom(params.get('data'));
  // Share attribution is what a share link saved while logged out; a signed-in agent's ids are
  // their own, not an invitation (decision 0023).
  const state = useUserStore.getState();
  const { promoterId, agentId } = selectIsLoggedIn(state) ? { promoterId: '', agentId: '' } : state;

  let result;
  try {
    result = await checkLogin(
      { ticket, source: variant.source, ...(promoterId ? { promoterId } : {}), ...(agentId ? { agentId } : {}) },
      variant.ck,
    );
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, message: error.refused && error.desc ? error.desc : EXPIRED_TICKET, retry: false };
    // The client has toasted the network error (docs/product.md §8).
    return { ok: false, message: NETWORK_FAILED, retry: true };
  }

  loggedIn(result);
  indexCodeChanged(indexCode);
  if (variant.ck === 'ckNew' && result.theme) loginThemeReturned(result.theme);

  const openId = params.get('openId');
  const nickname = params.get('nickname');
  if (openId && nickname) {
    // A failed bind does not undo the login; the client has shown its message.
    try {
      userInfoReplaced(
        await bindWeChat({
          openId,
          nickname,
          headImgUrl: params.get('headImgUrl') ?? '',
          openIdSign: params.get(OPEN_ID_SIGN) ?? '',
        }),
      );
    } catch {
      /* toasted by the client */
    }
  }

  await checkAgreement();
  const target = landingPath(useUserStore.getState().fullPath, variant, indexCode);
  fullPathCleared();
  return { ok: true, target };
}
