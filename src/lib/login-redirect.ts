import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { env } from '@/config/env';
import { fullPathCleared, fullPathSaved, shareAttributed } from '@/stores/user';
import { assignLocation } from './browser-location';

export type TransferPage = '/transferPage' | '/transferPage1' | '/transferPageMn';

export interface LoginRedirect {
  /** Where the gateway sends the user back to (DESIGN §4). */
  transferPage?: TransferPage;
  /** `source`: the product's identifier (the Mn partner channel has its own). */
  source?: string;
  indexCode?: string;
}

/**
 * The login gateway URL of DESIGN §4:
 * `${VITE_LOGIN_GATEWAY}?redirect_url=${origin}/transferPage&source=${VITE_SOURCE}&data=${indexCode}`.
 */
export function buildLoginUrl({
  transferPage = '/transferPage',
  source = env.source,
  indexCode = DEFAULT_INDEX_CODE,
}: LoginRedirect = {}): string {
  const query = new URLSearchParams({
    redirect_url: `${window.location.origin}${transferPage}`,
    source,
    data: indexCode,
  });
  return `${env.loginGateway}?${query.toString()}`;
}

/** Saves the current full path in the store, then sends the browser to the login gateway. */
export function goToLogin(options: LoginRedirect = {}): void {
  const { pathname, search, hash } = window.location;
  fullPathSaved(`${pathname}${search}${hash}`);
  assignLocation(buildLoginUrl(options));
}

/**
 * A share login (decision 0025): the agent's ids go to the store for the transfer page's ck,
 * and no saved path applies, so the new customer lands on the channel's home.
 */
export function goToShareLogin(ids: { promoterId: string; agentId: string } | null, options: LoginRedirect): void {
  if (ids) shareAttributed(ids);
  fullPathCleared();
  assignLocation(buildLoginUrl(options));
}
