/**
 * The Content-Security-Policy of the portal's HTML (docs/product.md §11.5). Pure, so the build computes the
 * same policy for a CDN that serves index.html (build/vite-plugins/csp-for-cdn.ts writes dist/index.html.csp) as
 * the gateway sends (routes/static.ts).
 */
import { createHash } from 'node:crypto';

/** sha256 CSP sources of every inline <script> (no src) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The Content-Security-Policy of our HTML: scripts from our origin and the hashed inline ones. */
export function contentSecurityPolicy(scriptHashes: string[] = []) {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ` ${scriptHashes.join(' ')}` : ''}`,
    // antd-mobile sets style attributes at run time; index.html has an inline critical <style>.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post only to us: an injected form cannot carry typed-in codes elsewhere.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy for one HTML document: its inline scripts allowed by hash, nothing else inline. */
export const policyForHtml = (html: string) => contentSecurityPolicy(inlineScriptHashes(html));
