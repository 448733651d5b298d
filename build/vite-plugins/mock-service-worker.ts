import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** `npm run dev:mock`: serves msw's service worker from the package, so it is never shipped. */
export function mockServiceWorker(): Plugin {
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(
          readFileSync(fileURLToPath(new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url))),
        );
      });
    },
  };
}
