import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs; docs/testing.md): only the
 * unit and route tests beside the mutated rules, so the dry run stays short. MUTATION_SCOPE
 * picks one project (`contract`, `portal` for src/, `gateway` for gateway/src/) when one file
 * is mutated; unset, all three run. MUTATION_TESTS (comma-separated test files) narrows that
 * project further, e.g. to the one route's test: a score taken so can only be lower.
 */
const scope = process.env.MUTATION_SCOPE;
const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

/** The shared rules need neither a DOM nor the portal's setup: the fastest runs. */
const contract = {
  resolve: { alias },
  test: {
    name: 'contract',
    environment: 'node',
    globals: true,
    include: ['contract/validation.test.ts', 'contract/schemas.test.ts', 'contract/wx-vouch.test.ts'],
  },
};

const portal = {
  plugins: [react()],
  resolve: { alias },
  test: {
    name: 'portal',
    environment: 'jsdom',
    globals: true,
    include: [
      'src/api/client.test.ts',
      'src/stores/*.test.ts',
      'src/lib/safe-path.test.ts',
      'src/lib/login-state.test.ts',
    ],
    setupFiles: ['tests/setup.ts'],
    css: false,
    testTimeout: 60_000,
  },
};

const gateway = {
  resolve: { alias },
  test: {
    name: 'gateway',
    environment: 'node',
    globals: true,
    include: [
      'gateway/src/guard.test.ts',
      'gateway/src/guard-batch.test.ts',
      'gateway/src/routes/admin.test.ts',
      'gateway/src/routes/consumptions.test.ts',
      'gateway/src/routes/sso.test.ts',
    ],
    // Each run of a test file starts its own gateway on PGlite: on a loaded machine that takes
    // longer than the minute the everyday config allows.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
};

const projects = { contract, portal, gateway };
if (scope && !(scope in projects)) throw new Error(`MUTATION_SCOPE is contract, portal or gateway, not ${scope}`);
const chosen = scope ? [projects[scope as keyof typeof projects]] : Object.values(projects);

export default defineConfig({
  test: {
    projects: chosen.map((project) => (only ? { ...project, test: { ...project.test, include: only } } : project)),
  },
});
