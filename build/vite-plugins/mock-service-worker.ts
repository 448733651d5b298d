import { readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));
const PUBLIC_JSON = '\0public-json:';

/**
 * `npm run dev:mock`: serves msw's service worker from the package, so it is never shipped.
 * The handlers answer /jsons/* from the files in public/ they import; the dev server refuses to
 * serve public/ files as modules (and warns), so they load as a module of their own.
 */
export function mockServiceWorker(): Plugin {
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    // Before Vite's own resolver, which would name the file by its public/ URL.
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.endsWith('.json')) return null;
      const file = resolve(dirname(importer), source);
      return file.startsWith(PUBLIC_DIR) || file.startsWith(PUBLIC_DIR.replace(/\//g, sep)) ? PUBLIC_JSON + file : null;
    },
    load(id) {
      if (!id.startsWith(PUBLIC_JSON)) return null;
      const file = id.slice(PUBLIC_JSON.length);
      this.addWatchFile(file);
      // Vite's JSON plugin turns it into a module, as for any .json id.
      return readFileSync(file, 'utf8');
    },
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
