import type { Plugin } from 'vite';
import { earlyNoticesInHtml } from '../first-paint/early-notices-html.ts';
import { earlyRightsInHtml } from '../first-paint/early-rights-html.ts';
import { firstBannersInHtml } from '../first-paint/first-banners-html.ts';
import { specHeadersInHtml } from '../first-paint/spec-headers-html.ts';

/**
 * index.html's inline code gets its build-time constants: docs/product.md §7's headers for the early fetch,
 * from the contract (build/first-paint/spec-headers-html.ts), and each indexCode's first banner, from the
 * build's configuration (build/first-paint/first-banners-html.ts), and what /message's and /rights's early
 * lists need (build/first-paint/early-notices-html.ts, build/first-paint/early-rights-html.ts).
 */
export function bootConstants(): Plugin {
  return {
    name: 'boot-constants',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => earlyRightsInHtml(earlyNoticesInHtml(firstBannersInHtml(specHeadersInHtml(html)))),
    },
  };
}
