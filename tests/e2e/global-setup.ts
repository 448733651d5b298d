import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/gateway-process';
import { startBrowserLeg } from '../browser-leg';
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
  const metricsPort = await freePort();
  const leg = await startBrowserLeg('e2e', {
    // Every page load of the suite measures its web-vitals (decision 0062), not a sample of them.
    buildEnv: { VITE_RUM_SAMPLE_RATE: '1' },
    gatewayEnv: { METRICS_PORT: String(metricsPort) },
  });
  // Say so loudly if the gateway dies under the suite (every later test would fail with
  // ECONNREFUSED, which hides the cause).
  let stopping = false;
  leg.gateway.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[e2e] the gateway exited during the suite: code ${code}, signal ${signal}`);
  });
  project.provide('baseUrl', leg.gateway.baseUrl);
  project.provide('runDir', leg.runDir);
  project.provide('metricsUrl', `http://127.0.0.1:${metricsPort}/metrics`);
  return async () => {
    stopping = true;
    const taps = summarizeRun(leg.runDir);
    await leg.stop();
    if (taps) console.log(`\n${taps}\n`);
  };
}
