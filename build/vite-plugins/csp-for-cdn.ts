import type { Plugin } from 'vite';
import { policyForHtml } from '../../gateway/src/csp.ts';

/**
 * Beside index.html, the Content-Security-Policy the gateway sends with it (its inline
 * scripts' hashes), so a CDN that serves dist/ can send the same header (docs/operations.md).
 */
export function cspForCdn(): Plugin {
  return {
    name: 'csp-for-cdn',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      const html = typeof page.source === 'string' ? page.source : Buffer.from(page.source).toString('utf8');
      this.emitFile({ type: 'asset', fileName: 'index.html.csp', source: `${policyForHtml(html)}\n` });
    },
  };
}
