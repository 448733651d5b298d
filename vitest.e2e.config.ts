import { defineConfig } from 'vitest/config';

/**
 * The end-to-end suite (docs/testing.md): Debian's Chromium driven by playwright-core against the
 * production build served by the real gateway on a loopback port, with a fresh PGlite
 * directory per run. `npm run test:e2e`.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    globals: true,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/inp-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
