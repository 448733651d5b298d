import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pxtorem from 'postcss-pxtorem';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

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
 * screen's CSS and would otherwise fetch the same file again. The /index screen chunk is
 * modulepreloaded so it downloads alongside the entry instead of after it has run.
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
        const screen = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/features/home/index-page.tsx'));
        if (screen?.type === 'chunk') {
          const preloads = [screen.fileName, ...screen.imports]
            .filter((file) => !out.includes(`/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
          out = out.replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
        }
        return out;
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  return {
    plugins: [react(), firstPaintFromHtml(), ...(mode === 'mock' ? [mockServiceWorker()] : [])],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      },
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
      // The first screen's chunks are budgeted (issue 9): see tests/unit/first-screen-size.test.ts.
      chunkSizeWarningLimit: 200,
      rolldownOptions: {
        output: {
          advancedChunks: {
            // Shared UI pieces in one chunk, so a screen costs one request, not five. Nothing in
            // components/ or hooks/ may import a heavy library statically (the size test checks).
            groups: [{ name: 'shell', test: /\/src\/(components|hooks)\/|\/node_modules\/react\// }],
          },
        },
      },
    },
  };
});
