import type { DOMPurify } from 'dompurify';
import { type MouseEvent, useEffect, useState } from 'react';
import { safePath } from '@/lib/safe-path';

/** Tags a notice may use; everything else is dropped with its attributes (scripts, images, frames…). */
const ALLOWED_TAGS = ['p', 'strong', 'em', 'b', 'i', 'br', 'ul', 'ol', 'li', 'a', 'span'];
const ALLOWED_ATTR = ['href'];

/**
 * Where a server-given link may point: an http(s) URL, or a path on this origin (checked by
 * safePath). `javascript:`, `data:`, protocol-relative `//host` and the like give null.
 */
export function safeLinkTarget(href: string): { href: string; external: boolean } | null {
  const value = href.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.origin === window.location.origin)
        return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
      return { href: url.href, external: true };
    } catch {
      return null;
    }
  }
  const path = safePath(value, '');
  return path ? { href: path, external: false } : null;
}

let sanitizer: Promise<(html: string) => string> | undefined;

/**
 * Loads DOMPurify on first use (decision 0003: it stays off the first screen) and returns a
 * sanitiser with our policy: only basic text tags, links only to http(s) or same-origin paths,
 * external links open in a new tab with `rel="noopener noreferrer"`, no event handlers, no
 * scripts, no styles. A private DOMPurify instance, so the hook touches nobody else's.
 */
export function loadSanitizer(): Promise<(html: string) => string> {
  sanitizer ??= import('dompurify').then(({ default: createDOMPurify }) => {
    const purify: DOMPurify = createDOMPurify(window);
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const target = safeLinkTarget(node.getAttribute('href') ?? '');
      if (!target) {
        node.removeAttribute('href');
        return;
      }
      node.setAttribute('href', target.href);
      if (target.external) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    return (html: string) =>
      purify.sanitize(html, {
        ALLOWED_TAGS,
        ALLOWED_ATTR,
        ALLOW_DATA_ATTR: false,
        ALLOW_ARIA_ATTR: false,
        // target/rel from the server are dropped by the allow-list; the hook above sets its own.
      });
  });
  return sanitizer;
}

export interface SafeHtmlProps {
  /** HTML from the server: never trusted. */
  html: string;
  className?: string;
  /** A tap on a same-origin link: navigate inside the app instead of reloading the page. */
  onNavigate?: (path: string) => void;
}

/**
 * Renders server HTML sanitised (docs/product.md §10: a notice's HTML is shown safely).
 * Until the sanitiser has loaded, nothing is rendered — never the raw markup.
 */
export function SafeHtml({ html, className, onNavigate }: SafeHtmlProps) {
  const [clean, setClean] = useState<{ source: string; html: string }>();

  useEffect(() => {
    let live = true;
    void loadSanitizer().then((sanitize) => {
      if (live) setClean({ source: html, html: sanitize(html) });
    });
    return () => {
      live = false;
    };
  }, [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.getAttribute('target') === '_blank' || !onNavigate) return;
    event.preventDefault();
    onNavigate(safePath(href));
  };

  if (!clean || clean.source !== html) return <div className={className} aria-busy="true" />;
  // The only innerHTML in the app: the string has just passed the sanitiser above.
  // Delegates clicks of the links inside (focusable anchors fire click on Enter too).
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean.html }} />;
}
