import type { Plugin } from 'vite';
import { specHeadersInHtml } from '../../scripts/spec-headers-html';

/** index.html's early fetch gets SPEC §7's headers from the contract (scripts/spec-headers-html.ts). */
export function specHeaders(): Plugin {
  return { name: 'spec-headers', transformIndexHtml: { order: 'pre', handler: specHeadersInHtml } };
}
