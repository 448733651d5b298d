import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { env } from '@/config/env';
import { fullPathCleared, fullPathSaved, shareAttributed } from '@/stores/user';
import { assignLocation } from './browser-location';
import { LOGIN_STATE_PARAM, loginStateIssued } from './login-state';

export type TransferPage = '/transferPage' | '/transferPage1' | '/transferPageMn';

export interface LoginRedirect {
  /** Where the gateway sends the user back to (docs/product.md §4.2). */
  transferPage?: TransferPage;
  /** `source`: the product's identifier (the Mn partner channel has its own). */
  source?: string;
  indexCode?: string;
}

/**
 * The login gateway URL of docs/product.md §4.2:
 * `${VITE_LOGIN_GATEWAY}?redirect_url=${origin}/transferPage?state=${state}&source=${VITE_SOURCE}&data=${indexCode}`.
 * The gateway returns `redirect_url` as given, with `ticket` and `data` added, so the state
 * comes back beside the ticket (decision 0051).
 */
export function buildLoginUrl(
  { transferPage = '/transferPage', source = env.source, indexCode = DEFAULT_INDEX_CODE }: LoginRedirect,
  state: string,
): string {
  const query = new URLSearchParams({
    redirect_url: `${window.location.origin}${transferPage}?${LOGIN_STATE_PARAM}=${state}`,
    source,
    data: indexCode,
  });
  return `${env.loginGateway}?${query.toString()}`;
}

/**
 * Leaves for the login gateway with a fresh state kept in this browser: every login starts
 * here, so every ticket that comes back can be checked against it.
 */
export function startLogin(options: LoginRedirect = {}): void {
  assignLocation(buildLoginUrl(options, loginStateIssued()));
}

/** Saves the current full path in the store, then sends the browser to the login gateway. */
export function goToLogin(options: LoginRedirect = {}): void {
  const { pathname, search, hash } = window.location;
  fullPathSaved(`${pathname}${search}${hash}`);
  startLogin(options);
}

/**
 * A share login (decision 0025): the agent's ids go to the store for the transfer page's ck,
 * and no saved path applies, so the new customer lands on the channel's home.
 */
export function goToShareLogin(ids: { promoterId: string; agentId: string } | null, options: LoginRedirect): void {
  if (ids) shareAttributed(ids);
  fullPathCleared();
  startLogin(options);
}
