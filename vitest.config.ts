import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

/**
 * Two projects: the portal (jsdom, msw) and the gateway (node, real SQL on PGlite, or on
 * PostgreSQL when DATABASE_URL is set). `npm test` runs both.
 */
export default defineConfig({
  test: {
    // Every core: the files wait on timers, sockets and child processes as much as they compute,
    // and Vitest's default here was one worker (npm test 11.9 → about 6 minutes on 2 cores).
    maxWorkers: '100%',
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'portal',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          css: false,
          // A screen's first render compiles its chunk; on a busy 2-core CI machine that can take
          // seconds. Generous limits (here and the 30 s wait of tests/setup.ts) keep the suite about
          // behaviour, not speed.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'build',
          environment: 'node',
          globals: true,
          include: ['tests/build/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'gateway',
          environment: 'node',
          globals: true,
          include: ['gateway/**/*.test.ts'],
          // The migrated database, made once and loaded by each file (gateway/src/test-helpers.ts).
          globalSetup: ['gateway/src/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
