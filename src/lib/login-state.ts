/**
 * The login's `state` (decision 0051): a one-time random value the portal keeps before it
 * leaves for the login gateway and adds to the `redirect_url` it sends. The transfer page
 * exchanges a ticket only when the URL brings back the value this browser keeps, so a ticket
 * link made in another browser logs nobody in.
 *
 * localStorage, not sessionStorage or memory: a phone may restart the WebView while the
 * customer reads the SMS, and the value must survive that.
 */

export const LOGIN_STATE_KEY = 'login-state';
/** Long enough to read an SMS and type the code twice; the SSO's ticket itself lives 5 minutes. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;
/** The query parameter of the redirect URL that carries it. */
export const LOGIN_STATE_PARAM = 'state';

/** 128 random bits as 32 hex digits. */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A fresh state, kept for LOGIN_STATE_TTL_MS; it replaces any earlier one (only the latest
 * login can come back). Storage that refuses the write leaves a login that fails on return
 * with 登录已失效, never one that skips the check.
 */
export function loginStateIssued(now = Date.now()): string {
  const value = randomState();
  try {
    localStorage.setItem(LOGIN_STATE_KEY, JSON.stringify({ value, expiresAt: now + LOGIN_STATE_TTL_MS }));
  } catch {
    /* private mode or a full quota: the transfer page will refuse and offer 重新登录 */
  }
  return value;
}
