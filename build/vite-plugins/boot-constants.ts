import type { Plugin } from 'vite';
import { earlyNoticesInHtml } from '../../scripts/early-notices-html.ts';
import { earlyRightsInHtml } from '../../scripts/early-rights-html.ts';
import { firstBannersInHtml } from '../../scripts/first-banners-html.ts';
import { specHeadersInHtml } from '../../scripts/spec-headers-html.ts';

/**
 * index.html's inline code gets its build-time constants: SPEC §7's headers for the early fetch,
 * from the contract (scripts/spec-headers-html.ts), and each indexCode's first banner, from the
 * build's configuration (scripts/first-banners-html.ts), and what /message's and /rights's early
 * lists need (scripts/early-notices-html.ts, scripts/early-rights-html.ts).
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
