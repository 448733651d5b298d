import Cookies from 'js-cookie';
import { COOKIE_PATH, TOKEN_COOKIE } from '@/config/constants';

/**
 * The `token` cookie (SPEC §3, path /). The portal writes it, so it cannot be HttpOnly
 * (DESIGN §7 "Security headers"): SameSite=Lax, and Secure over https.
 */
export function getTokenCookie(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setTokenCookie(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    path: COOKIE_PATH,
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  });
}

export function removeTokenCookie(): void {
  Cookies.remove(TOKEN_COOKIE, { path: COOKIE_PATH });
}
