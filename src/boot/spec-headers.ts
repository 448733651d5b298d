import { TOKEN_COOKIE } from '@/config/constants';
import { CLIENT_TYPE, CLIENT_VERSION, Header } from '@contract/endpoints';

/**
 * docs/product.md §7's headers for an early call, from the contract's constants as the request client sends
 * them: a new nonce, the timestamp, the client's type and version, and the token cookie's bearer
 * when there is one.
 */
export function specHeaders(): Record<string, string> {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let nonce = '';
  for (const b of bytes) nonce += (256 | b).toString(16).slice(1);
  const headers: Record<string, string> = {
    [Header.clientType]: CLIENT_TYPE,
    [Header.clientVersion]: CLIENT_VERSION,
    [Header.nonce]: nonce,
    [Header.timestamp]: String(Date.now()),
  };
  const token = storedToken();
  if (token) headers[Header.authorization] = `Bearer ${token}`;
  return headers;
}

/** The token cookie's value, decoded; null without one (or with one that does not decode). */
export function storedToken(): string | null {
  const match = new RegExp(`(?:^|; )${TOKEN_COOKIE}=([^;]+)`).exec(document.cookie);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
