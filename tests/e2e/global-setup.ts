import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startGateway } from '../../scripts/gateway-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Builds the portal (production), starts the gateway on a free loopback port with a fresh
 * PGlite directory, hands its address to the tests, and stops it when the suite ends.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const gateway = await startGateway();
  project.provide('baseUrl', gateway.baseUrl);
  return () => gateway.stop();
}
