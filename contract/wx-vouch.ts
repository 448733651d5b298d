/**
 * How the login gateway vouches for a WeChat openId (decision 0052): beside the openId it
 * hands back `openIdSign`, an HMAC-SHA256 (hex) keyed with a secret of the gateway's over the
 * openId and the phone that logged in. `A/login/rui/wxinfo` stores an openId only with a sign
 * that checks for the caller's own phone, so an openId cannot be bound by someone who merely
 * knows or guesses it, nor carried to another account.
 *
 * Web Crypto, so the gateway and msw (in Node and in the browser) compute it alike.
 */

/** The query parameter and wxinfo body field that carry the sign. */
export const OPEN_ID_SIGN = 'openIdSign';

/** What is signed: a label, so the key signs nothing else by accident, then the two values. */
const message = (openId: string, phone: string) => new TextEncoder().encode(`wxinfo\n${openId}\n${phone}`);

const hmacKey = (secret: string, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

export async function openIdSign(secret: string, openId: string, phone: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), message(openId, phone));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether `sign` vouches for `openId` on `phone` (a constant-time comparison, by Web Crypto). */
export async function openIdVouched(secret: string, openId: string, phone: string, sign: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(sign)) return false;
  const bytes = new Uint8Array(sign.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), bytes, message(openId, phone));
}
