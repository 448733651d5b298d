// @ts-check
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
  vitest: { configFile: 'vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'contract/schemas.ts',
    'contract/validation.ts',
    'src/api/client.ts',
    'src/stores/*.ts',
    '!src/stores/*.test.ts',
    'src/lib/safe-path.ts',
    'gateway/src/guard.ts',
    'gateway/src/routes/{admin,consumptions,sso,login}.ts',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  timeoutMS: 30_000,
  dryRunTimeoutMinutes: 30,
  tempDirName: '.stryker-tmp',
};
