import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startGateway } from '../../scripts/gateway-process';
import { summarizeRun } from './inp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The gateway's Prometheus text (METRICS_PORT), for the real-user monitoring test. */
    metricsUrl: string;
    /** A temp folder for this run (shared login sessions), removed at the end. */
    runDir: string;
  }
}

/**
 * Builds the portal (production), starts the gateway on a free loopback port with a fresh
 * PGlite directory, hands its address to the tests, and stops it when the suite ends.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    // Vitest has loaded .env.test into process.env (VITE_API_PREFIX=/api, NODE_ENV=test), and
    // Vite prefers process.env over .env.production: build with those removed.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_') && key !== 'NODE_ENV'),
    );
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      // Every page load of the suite measures its web-vitals (decision 0062), not a sample of them.
      env: { ...env, NODE_ENV: 'production', VITE_RUM_SAMPLE_RATE: '1' },
    });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  // Every file logs in from 127.0.0.1 and several reuse the demo phones, in whatever order the
  // files run: the SMS interval and the per-address budgets (SMS, analytics) are the gateway tests' to check.
  const metricsPort = await freePort();
  const gateway = await startGateway({
    env: {
      SMS_PHONE_INTERVAL_SEC: '0',
      SMS_IP_PER_HOUR: '1000',
      SEND_MQ_PER_MINUTE: '100000',
      METRICS_PORT: String(metricsPort),
    },
  });
  // Say so loudly if the gateway dies under the suite (every later test would fail with
  // ECONNREFUSED, which hides the cause).
  let stopping = false;
  gateway.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[e2e] the gateway exited during the suite: code ${code}, signal ${signal}`);
  });
  const runDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  project.provide('baseUrl', gateway.baseUrl);
  project.provide('runDir', runDir);
  project.provide('metricsUrl', `http://127.0.0.1:${metricsPort}/metrics`);
  return async () => {
    stopping = true;
    await gateway.stop();
    const taps = summarizeRun(runDir);
    if (taps) console.log(`\n${taps}\n`);
    rmSync(runDir, { recursive: true, force: true });
  };
}
