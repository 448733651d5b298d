import Cookies from 'js-cookie';
import { COOKIE_PATH, TOKEN_COOKIE } from '@/config/constants';

/**
 * The `token` cookie (docs/product.md §3, path /). The portal writes it, so it cannot be HttpOnly
 * (docs/product.md §11.5): SameSite=Lax, and Secure over https. It lives as long as
 * the token (decision 0023), so a WebView restart does not lose a live session.
 */
export function getTokenCookie(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/**
 * Writes the cookie; `expiresInSeconds` (the login result's `expiresIn`) makes it outlive the
 * browser session, counted on this device's clock as the browser will count it. Without it
 * the cookie ends with the browser session.
 */
export function setTokenCookie(token: string, expiresInSeconds?: number): void {
  const lifetime = expiresInSeconds !== undefined && Number.isFinite(expiresInSeconds) && expiresInSeconds > 0;
  Cookies.set(TOKEN_COOKIE, token, {
    path: COOKIE_PATH,
    ...(lifetime ? { expires: new Date(Date.now() + expiresInSeconds * 1000) } : {}),
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  });
}

export function removeTokenCookie(): void {
  Cookies.remove(TOKEN_COOKIE, { path: COOKIE_PATH });
}
