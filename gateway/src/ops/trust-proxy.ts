/**
 * `TRUST_PROXY` (docs/product.md §12.3): which proxies may say, in X-Forwarded-For,
 * whose request it is. Unset: nobody, the socket's address counts. A hop count, or a list of
 * addresses and CIDR ranges, as Fastify's `trustProxy` takes them. Anything else is refused at
 * start: a typo must not make every client's claimed address believed, nor none.
 */
import { isIP } from 'node:net';

/** false: the socket's address; a number: that many proxies in front; a list: those proxies. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges (Fastify passes them on). */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting, or the sentence that says why it is refused. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | string {
  const text = (raw ?? '').trim();
  if (text === '') return { value: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32)
      return `TRUST_PROXY: ${hops} proxies in front is not plausible (a hop count, or a list of addresses/CIDR ranges)`;
    return { value: hops === 0 ? false : hops };
  }
  const entries = text.split(',').map((s) => s.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length) {
    return `TRUST_PROXY must be a hop count or a comma-separated list of IP addresses or CIDR ranges (not understood: ${bad
      .map((b) => `"${b}"`)
      .join(', ')})`;
  }
  return { value: entries };
}

/**
 * Fastify's `trustProxy` for the setting. Fastify 5.12 no longer takes a bare hop count (it
 * trusts nothing then), so a count becomes the function that trusts that many hops: sound only
 * when the gateway is reachable through the proxies alone (docs/operations.md, decision 0021).
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
