/**
 * Returns `value` when it is a path on this origin (`/rights?tab=records`), else `fallback`.
 * Guards every saved or received path before `navigate` (SPEC: a redirect never leaves the
 * origin): `//evil.example`, `/\evil.example`, `https://…` and `javascript:` all fall back.
 */
export function safePath(value: unknown, fallback = '/index'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || /[\u0000-\u001f]/.test(value)) return fallback;
  try {
    const base = window.location.origin;
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
