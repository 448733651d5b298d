import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import pxtorem from 'postcss-pxtorem';
import { defineConfig } from 'vite';
import { bootScripts } from './build/vite-plugins/boot-scripts.ts';
import { cspForCdn } from './build/vite-plugins/csp-for-cdn.ts';
import { firstPaintFromHtml } from './build/vite-plugins/first-paint-from-html.ts';
import { gatewayProxy } from './build/vite-plugins/gateway-proxy.ts';
import { mockLogin } from './build/vite-plugins/mock-login.ts';
import { mockServiceWorker } from './build/vite-plugins/mock-service-worker.ts';
import { precompress } from './build/vite-plugins/precompress.ts';
import { startWatchdog } from './build/vite-plugins/start-watchdog.ts';
import packageJson from './package.json' with { type: 'json' };

/**
 * The build's syntax and CSS target, from package.json's browserslist (the browser floor,
 * decision 0058) in the names the transformer takes: "ios_saf >= 14.5" becomes "ios14.5".
 */
export const BUILD_TARGET = packageJson.browserslist.map((query) => {
  const floor = /^(ios_saf|chrome) >= ([\d.]+)$/.exec(query);
  if (!floor) throw new Error(`package.json browserslist: "${query}" is not "ios_saf >= N" or "chrome >= N"`);
  return `${floor[1] === 'ios_saf' ? 'ios' : floor[1]}${floor[2]}`;
});

/** Where the dev server's proxy sends /api, /sso and /media (`npm run dev` sets it from PORT). */
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/**
 * react-router's package exports only its development build (the production one differs by
 * `ENABLE_DEV_WARNINGS = false`: no warning checks on every render). The production build of
 * the portal takes the production files; tests and the dev server keep the warnings.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
];

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
  'src/components/route-heading.tsx',
  'src/components/safe-html.tsx',
  'src/components/service-icon.tsx',
  'src/components/service-link.tsx',
  'src/components/skeleton.tsx',
  'src/components/tab-bar.tsx',
  'src/components/tab-icons.tsx',
  'src/components/tab-title.tsx',
  'src/hooks/use-index-code.ts',
  'src/hooks/use-page-views.ts',
  'src/hooks/server-state.ts',
  'src/hooks/use-unread-refresh.ts',
  'src/features/home/home-widgets.css',
  'src/features/home/login-hint-card.tsx',
  'src/features/home/notice-ticker.tsx',
  'src/features/home/rights-summary.tsx',
  'src/features/home/use-home-config.ts',
];

export default defineConfig(({ command, mode }) => {
  return {
    plugins: [
      react(),
      bootScripts({ target: BUILD_TARGET }),
      firstPaintFromHtml(),
      startWatchdog(),
      cspForCdn(),
      precompress(),
      ...(mode === 'mock' ? [mockServiceWorker(), mockLogin()] : []),
    ],
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
      // docs/product.md §7.1: /api is proxied (stripped) to the gateway, /sso goes as is. Not in mock mode,
      // which has no gateway: msw answers the calls, mock-login.ts the login page. A call waits
      // while the gateway starts or restarts (gateway-proxy.ts).
      proxy:
        mode === 'mock'
          ? undefined
          : {
              '/api': gatewayProxy(gateway, (path) => path.replace(/^\/api/, '')),
              '/sso': gatewayProxy(gateway),
              '/media': gatewayProxy(gateway),
            },
    },
    build: {
      target: BUILD_TARGET,
      sourcemap: false,
      // index.html has no modulepreload link (the loader adds the chunks), and Vite's preload
      // helper falls back to rel=preload where modulepreload is unknown: the polyfill is dead weight.
      modulePreload: { polyfill: false },
      // The first screen's chunks are budgeted, compressed, by tests/build/first-screen-size.test.ts
      // (decision 0003). This raw-size warning only has to stay quiet for react-dom's client with
      // the router (232 kB raw, 72 kB gzip), the one chunk that cannot be split.
      chunkSizeWarningLimit: 250,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Shared UI pieces in one chunk, so a screen costs one request, not five. The chunk
            // is named module by module: a new file joins it only when listed here.
            groups: [
              {
                name: 'shell',
                test: (id: string) =>
                  SHELL_MODULES.some((module) => id.replaceAll('\\', '/').endsWith(module)) ||
                  id.includes('/node_modules/react/'),
              },
            ],
          },
        },
      },
    },
  };
});
