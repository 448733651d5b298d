/**
 * Returns `value` when it is a path on this origin (`/rights?tab=records`), else `fallback`.
 * Guards every saved or received path before `navigate` (docs/product.md §4.2: a redirect never
 * leaves the origin): `//evil.example`, `/\evil.example`, `https://…` and `javascript:` all fall back.
 */
export function safePath(value: unknown, fallback = '/index'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || /[\u0000-\u001f]/.test(value)) return fallback;
  try {
    const base = window.location.origin;
    const url = new URL(value, base);
    const path = `${url.pathname}${url.search}${url.hash}`;
    // NOTE: dot segments collapse: '/..//evil.example' normalises to '//evil.example', which a
    // link or the history would read as another host.
    if (url.origin !== base || path.startsWith('//')) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
