import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import RunsSequencer from './tests/sequencer.ts';

/**
 * Worker threads start and exchange messages faster than child processes (a sample of ten
 * screen tests: 29 s → 23 s). Set in each project: inline projects do not inherit the root's.
 */
const pool = 'threads';

/**
 * The load driver's, the nonce soak's, Lighthouse's simulated first byte's, the build comparison's
 * and the mock dev server's tests: node, no DOM.
 */
const scriptTests = [
  'tests/unit/build-comparison.test.ts',
  'tests/unit/dev-mock.test.ts',
  'tests/unit/dev-mode.test.ts',
  'tests/unit/lantern-floor.test.ts',
  'tests/unit/load-driver.test.ts',
  'tests/unit/nonce-soak.test.ts',
];

const portalTests = ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'];

/**
 * The portal's files share one module graph per worker (decision 0069): loading React,
 * antd-mobile, msw and the DOM once per worker instead of once per file halves the portal's CPU.
 * A file that mocks a module of its own (beyond the two stubs of tests/setup.ts) cannot share
 * the graph, since that module was loaded for another file: found here by its `vi.mock` call, it
 * runs in a graph of its own. So does a file that says `own module graph` in a comment, with its
 * reason. (`vi.importActual` of a stub shares: it gets the real module the stub is made from.)
 */
const ownMocks = globSync(portalTests, { exclude: scriptTests }).filter((file) =>
  /\bvi\.(mock|doMock|unmock|doUnmock)\b|own module graph/.test(readFileSync(file, 'utf8')),
);

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

/** The portal's files: happy-dom, msw, the screens (tests/setup.ts). */
function portalProject(name: string, isolate: boolean, include: string[], exclude: string[] = []) {
  return {
    plugins: [react()],
    resolve: { alias },
    test: {
      name,
      pool,
      isolate,
      // happy-dom: a third less CPU than jsdom for the same files; the few that read what only
      // jsdom does as browsers do say `@vitest-environment jsdom` and why (decision 0066).
      environment: 'happy-dom',
      globals: true,
      include,
      exclude: [...configDefaults.exclude, ...scriptTests, ...exclude],
      setupFiles: ['tests/setup.ts'],
      // The first-paint templates, rendered once from the screens' components (tests/first-paint.ts).
      globalSetup: ['tests/first-paint-setup.ts'],
      css: false,
      // A screen's first render compiles its chunk; on a busy 2-core CI machine that can take
      // seconds. Generous limits (here and the 30 s wait of tests/setup.ts) keep the suite about
      // behaviour, not speed.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * The portal (happy-dom, msw), the contract and the scripts (node), the build and the gateway (node,
 * real SQL on PGlite, or on PostgreSQL when DATABASE_URL is set). `npm test` runs them all.
 */
export default defineConfig({
  test: {
    // A worker more than the cores: the gateway's and the scripts' files wait on child processes,
    // sockets and time-outs, and the third worker computes meanwhile (decision 0070). Vitest's
    // default here was one worker (npm test 11.9 → about 6 minutes on 2 cores).
    maxWorkers: availableParallelism() + 1,
    // Files in runs of one project and DOM, so that a worker keeps its module graph (decision 0070).
    sequence: { sequencer: RunsSequencer },
    projects: [
      portalProject('portal', false, portalTests, ownMocks),
      portalProject('portal-own-mocks', true, ownMocks),
      {
        // The shared rules and data need neither a DOM nor the portal's setup.
        resolve: { alias },
        test: {
          name: 'contract',
          pool,
          environment: 'node',
          globals: true,
          include: ['contract/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'scripts',
          // Child processes: autocannon run inside a worker thread hands back raw histograms.
          pool: 'forks',
          environment: 'node',
          globals: true,
          include: scriptTests,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'build',
          pool,
          environment: 'node',
          globals: true,
          include: ['tests/build/**/*.test.ts'],
          // One production build, made once and read by the files that check its output.
          globalSetup: ['tests/build/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'gateway',
          pool,
          environment: 'node',
          globals: true,
          include: ['gateway/**/*.test.ts'],
          // The migrated database, made once and loaded by each file (gateway/src/test-helpers.ts).
          globalSetup: ['gateway/src/test-global-setup.ts'],
          setupFiles: ['gateway/src/test-setup.ts'],
          // One module graph per worker: PGlite's WebAssembly and Fastify load once, not per file
          // (14 files, with threads: 55 s → 19 s). Safe while every file builds its own app and
          // database and no file mocks a module (vi.mock) or changes process state it keeps.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
