import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pxtorem from 'postcss-pxtorem';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { policyForHtml } from './gateway/src/csp';
import { specHeadersInHtml } from './scripts/spec-headers-html';

/** Where the dev server's proxy sends /api, /sso and /media (`npm run dev` sets it from PORT). */
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/** `npm run dev:mock`: serves msw's service worker from the package, so it is never shipped. */
function mockServiceWorker(): Plugin {
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(fileURLToPath(new URL('./node_modules/msw/lib/mockServiceWorker.js', import.meta.url))));
      });
    },
  };
}

/**
 * Issue 9: the first paint needs only the HTML. The entry's stylesheets (a few KB) are inlined
 * into index.html instead of render-blocking <link>s; each <link> stays, `disabled` so the
 * browser does not fetch it, because Vite's preload helper looks for it before loading a lazy
 * screen's CSS and would otherwise fetch the same file again. The entry, its chunks and the
 * /index screen's chunk start loading after the first paint (`afterFirstPaint`), side by side.
 */
function firstPaintFromHtml(): Plugin {
  return {
    name: 'first-paint-from-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        let out = html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          const css = (typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8')).replace(/<\/style/gi, '<\\/style');
          return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
        });
        // The entry and every chunk it or the /index screen imports start loading right after
        // the first paint, from one inline script, instead of from <script>/<link> tags.
        const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>\s*/.exec(out);
        if (!entry) return out;
        const preloads: string[] = [];
        out = out.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">\s*/g, (_tag, file: string) => {
          preloads.push(file);
          return '';
        });
        const screen = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/features/home/index-page.tsx'));
        if (screen?.type === 'chunk') preloads.push(screen.fileName, ...screen.imports);
        const files = [...new Set(preloads)].filter((file) => file !== entry[1]);
        out = out.replace('</head>', `  <script>${afterFirstPaint(entry[1], files)}</script>\n  </head>`);
        return out;
      },
    },
  };
}

/** index.html's early fetch gets SPEC §7's headers from the contract (scripts/spec-headers-html.ts). */
function specHeaders(): Plugin {
  return { name: 'spec-headers', transformIndexHtml: { order: 'pre', handler: specHeadersInHtml } };
}

/**
 * Beside index.html, the Content-Security-Policy the gateway sends with it (its inline
 * scripts' hashes), so a CDN that serves dist/ can send the same header (docs/operations.md).
 */
function cspForCdn(): Plugin {
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

/**
 * react-router's package exports only its development build (the production one differs by
 * `ENABLE_DEV_WARNINGS = false`: no warning checks on every render). The production build of
 * the portal takes the production files; tests and the dev server keep the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * The inline loader of `firstPaintFromHtml`: after the first paint (a frame, then a task), one
 * `modulepreload` per chunk and the entry's module script. Nothing of the app's JavaScript is
 * fetched, compiled or run before the browser has painted the HTML's skeleton, so the first
 * paint never waits on it (issue 9), and the chunks still download side by side. The
 * gateway's Content-Security-Policy allows the script by its hash.
 */
function afterFirstPaint(entry: string, preloads: string[]): string {
  // A page opened in the background gets no animation frame until it is shown: the timer
  // starts it anyway.
  return (
    `(function(){var done=0;function go(){if(done)return;done=1;var h=document.head;` +
    `${JSON.stringify(preloads.map((file) => `/${file}`))}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(`/${entry}`)};h.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,300)})()`
  );
}

/**
 * Issue 9 (docs/performance.md lever 17): every text file of a build is compressed once, at
 * build time, at the best levels (brotli 11, gzip 9), into `name.br` and `name.gz` beside it.
 * The gateway sends those (@fastify/static `preCompressed`, and /jsons), so a page load costs
 * it no compression while the browser needs the CPU, and the bytes are ≈ 9 % fewer than
 * brotli 5 on the fly.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (dir) await precompressDir(dir);
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text the gateway serves from dist/. */
const TEXT = /\.(js|css|json|svg|txt)$/;

/** Below this, a compressed copy saves less than its headers cost (the gateway's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every text file of `dir` (recursively) of at least 1 KB, each
 * only when smaller than the file. index.html is left alone: the gateway serves it with its
 * CSP and compresses it on the fly.
 */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => TEXT.test(file));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const body = await readFile(full);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${full}.br`, br);
      if (gz.length < body.length) await writeFile(`${full}.gz`, gz);
    }),
  );
}

/**
 * The shell chunk: the shared pieces every screen needs, and the two homes' widgets, whose CSS
 * is then inlined into index.html for the boot skeleton's login hint. Nothing listed may import
 * a heavy library statically (tests/build/first-screen-size.test.ts checks).
 */
const SHELL_MODULES = [
  'src/components/check-agreement.ts',
  'src/components/empty-view.tsx',
  'src/components/navigation-progress.tsx',
  'src/components/offline-notice.tsx',
  'src/components/page-state.tsx',
  'src/components/privacy-sheet.css',
  'src/components/privacy-sheet.tsx',
  'src/components/route-heading.tsx',
  'src/components/safe-html.tsx',
  'src/components/service-icon.tsx',
  'src/components/skeleton.tsx',
  'src/components/tab-bar.tsx',
  'src/components/tab-icons.tsx',
  'src/components/tab-title.tsx',
  'src/hooks/use-index-code.ts',
  'src/hooks/use-infinite-list.ts',
  'src/hooks/use-page-views.ts',
  'src/hooks/use-request.ts',
  'src/hooks/use-unread-refresh.ts',
  'src/features/home/home-widgets.css',
  'src/features/home/login-hint-card.tsx',
  'src/features/home/notice-ticker.tsx',
  'src/features/home/rights-summary.tsx',
  'src/features/home/use-home-config.ts',
];

export default defineConfig(({ command, mode }) => {
  return {
    plugins: [react(), specHeaders(), firstPaintFromHtml(), cspForCdn(), precompress(), ...(mode === 'mock' ? [mockServiceWorker()] : [])],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        { find: '@contract', replacement: fileURLToPath(new URL('./contract', import.meta.url)) },
        ...(command === 'build' ? reactRouterProduction : []),
      ],
    },
    css: {
      postcss: {
        // A 375-wide design in px becomes rem (1rem = 37.5px there), antd-mobile's CSS included.
        plugins: [pxtorem({ rootValue: 37.5, propList: ['*'], minPixelValue: 2, selectorBlackList: ['html'] })],
      },
    },
    server: {
      port: 5173,
      // DESIGN §7: /api is proxied (stripped) to the gateway, /sso goes as is.
      proxy: {
        '/api': { target: gateway, changeOrigin: false, rewrite: (path) => path.replace(/^\/api/, '') },
        '/sso': { target: gateway, changeOrigin: false },
        '/media': { target: gateway, changeOrigin: false },
      },
    },
    build: {
      target: 'es2020',
      sourcemap: false,
      // The first screen's chunks are budgeted (issue 9): see tests/build/first-screen-size.test.ts.
      chunkSizeWarningLimit: 200,
      rolldownOptions: {
        output: {
          advancedChunks: {
            // Shared UI pieces in one chunk, so a screen costs one request, not five. The chunk
            // is named module by module: a new file joins it only when listed here.
            groups: [{ name: 'shell', test: (id: string) => SHELL_MODULES.some((module) => id.replaceAll('\\', '/').endsWith(module)) || id.includes('/node_modules/react/') }],
          },
        },
      },
    },
  };
});
