import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GatewayProcess, startGateway } from '../scripts/gateway-process';

export interface BrowserLeg {
  gateway: GatewayProcess;
  /** A temp folder for this run (shared login sessions, measurements), removed by `stop`. */
  runDir: string;
  /** Stops the gateway and removes the run's folder. */
  stop: () => Promise<void>;
}

/**
 * What every browser leg starts from (docs/testing.md, "Browser legs"): the portal's production
 * build (unless E2E_SKIP_BUILD, to reuse `dist/`), with `buildEnv` added, and the gateway on a
 * free loopback port with a fresh PGlite directory (or DATABASE_URL), with `gatewayEnv` added.
 */
export async function startBrowserLeg(
  name: string,
  { buildEnv = {}, gatewayEnv = {} }: { buildEnv?: Record<string, string>; gatewayEnv?: Record<string, string> } = {},
): Promise<BrowserLeg> {
  if (!process.env.E2E_SKIP_BUILD) {
    // Vitest has loaded .env.test into process.env (VITE_API_PREFIX=/api, NODE_ENV=test), and
    // Vite prefers process.env over .env.production: build with those removed.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_') && key !== 'NODE_ENV'),
    );
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production', ...buildEnv },
    });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  // Every file logs in from 127.0.0.1 and several reuse the demo phones, in whatever order the
  // files run: the SMS interval and the per-address budgets (SMS, analytics) are the gateway tests' to check.
  const gateway = await startGateway({
    env: { SMS_PHONE_INTERVAL_SEC: '0', SMS_IP_PER_HOUR: '1000', SEND_MQ_PER_MINUTE: '100000', ...gatewayEnv },
  });
  const runDir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  return {
    gateway,
    runDir,
    stop: async () => {
      await gateway.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
