import type { Plugin } from 'vite';
import { firstBannersInHtml } from '../first-paint/first-banners-html.ts';
import { specHeadersInHtml } from '../first-paint/spec-headers-html.ts';

/**
 * index.html's inline code gets its build-time constants: docs/product.md §7's headers for the early fetch,
 * from the contract (build/first-paint/spec-headers-html.ts), and each indexCode's first banner, from the
 * build's configuration (build/first-paint/first-banners-html.ts). The typed boot modules import
 * theirs (src/boot/).
 */
export function bootConstants(): Plugin {
  return {
    name: 'boot-constants',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => firstBannersInHtml(specHeadersInHtml(html)),
    },
  };
}
