// @ts-check
import process from 'node:process';

// One run per MUTATION_SCOPE (vitest.mutation.config.ts) keeps its own report.
const scope = process.env.MUTATION_SCOPE;
const reportDir = scope ? `reports/mutation/${scope}` : 'reports/mutation';

/**
 * Mutation testing of the rules that guard money and identity (`npm run test:mutation`;
 * docs/testing.md has the latest report and the survivors judged equivalent). Too slow for
 * CI's budget: run it before changing one of these files, or one file at a time with
 * `npx stryker run --mutate <file>`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // A lean config (the tests beside these rules only); every test file in it is kept, since
  // the gateway's tests reach the routes through HTTP rather than by import.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'contract/schemas.ts',
    'contract/validation.ts',
    'src/api/client.ts',
    'src/stores/*.ts',
    '!src/stores/*.test.ts',
    'src/lib/safe-path.ts',
    'src/lib/login-state.ts',
    'contract/wx-vouch.ts',
    'gateway/src/guard.ts',
    'gateway/src/db/statement-batch.ts',
    'gateway/src/routes/{admin,consumptions,sso,sms-failures,login}.ts',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reportDir}/index.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  timeoutMS: 30_000,
  dryRunTimeoutMinutes: 30,
  tempDirName: '.stryker-tmp',
};
