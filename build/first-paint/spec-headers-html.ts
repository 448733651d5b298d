import { CLIENT_TYPE, CLIENT_VERSION, Header } from '../../contract/endpoints.ts';
import { scriptJson } from './script-json.ts';

/**
 * docs/product.md §7's headers for index.html's early fetch of the home's JSON files, from the same
 * contract constants as the request client: the inline script's `__SPEC_HEADERS__` becomes
 * `{nonce, timestamp, authorization, fixed}` (the names of the per-request headers, and the
 * constant ones with their values). Unreplaced, the script would stop with a ReferenceError.
 */
export function specHeadersInHtml(html: string): string {
  const headers = {
    nonce: Header.nonce,
    timestamp: Header.timestamp,
    authorization: Header.authorization,
    fixed: { [Header.clientType]: CLIENT_TYPE, [Header.clientVersion]: CLIENT_VERSION },
  };
  return html.replace('__SPEC_HEADERS__', () => scriptJson(headers));
}
