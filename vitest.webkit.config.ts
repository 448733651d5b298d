import { defineConfig } from 'vitest/config';

/**
 * The WebKit leg (decision 0059): Debian's WebKitGTK (MiniBrowser) driven through
 * WebKitWebDriver under Xvfb, against the production build served by the real gateway.
 * `npx vitest run -c vitest.webkit.config.ts`.
 */
export default defineConfig({
  test: {
    name: 'webkit',
    environment: 'node',
    globals: true,
    include: ['tests/webkit/**/*.webkit.ts'],
    globalSetup: ['tests/webkit/global-setup.ts'],
    // One driver, one browser at a time: two cores.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
