/**
 * The login's state in the portal's tests (decision 0051): a transfer-page link as the login
 * gateway returns it to this browser, and the gateway URL a login button leaves for.
 */
import { LOGIN_STATE_KEY, LOGIN_STATE_PARAM, loginStateIssued } from '@/lib/login-state';

/** `path` (a transfer page with its ticket) with the state this browser now keeps, as the SSO returns it. */
export function returnedLink(path: string): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set(LOGIN_STATE_PARAM, loginStateIssued());
  return `${url.pathname}${url.search}`;
}

/** The state this browser keeps for its pending login, or null. */
export function keptState(): string | null {
  const raw = localStorage.getItem(LOGIN_STATE_KEY);
  return raw ? (JSON.parse(raw) as { value: string }).value : null;
}

/** The login gateway URL a login left for, with the state it kept (docs/product.md §4.2, decision 0051). */
export function loginGatewayUrl(transferPage: string, source: string, data: string): string {
  const redirect = `${window.location.origin}${transferPage}?${LOGIN_STATE_PARAM}=${keptState() ?? ''}`;
  return `/sso/login?redirect_url=${encodeURIComponent(redirect)}&source=${source}&data=${data}`;
}
