import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startGateway } from '../../scripts/gateway-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    runDir: string;
    /** WebKitWebDriver's address, on its own Xvfb display. */
    webdriverUrl: string;
  }
}

const XVFB = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

/** Xvfb on a display number it picks itself (-displayfd), so parallel runs never collide. */
function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(XVFB, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before it was ready`)));
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const display = /^(\d+)\n/.exec(out)?.[1];
      if (display) resolve({ display: `:${display}`, child });
    });
  });
}

async function startDriver(display: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DISPLAY: display },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries++) {
    try {
      if ((await fetch(`${url}/status`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${WEBKIT_DRIVER} did not answer on ${url}/status`);
}

/**
 * The WebKit leg (decision 0059): the production build (built here unless E2E_SKIP_BUILD), the
 * gateway on a free loopback port with a fresh PGlite directory, and WebKitWebDriver on an
 * Xvfb display of its own. Each test file starts its MiniBrowser sessions through the driver.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_') && key !== 'NODE_ENV'),
    );
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const gateway = await startGateway({
    env: { SMS_PHONE_INTERVAL_SEC: '0', SMS_IP_PER_HOUR: '1000', SEND_MQ_PER_MINUTE: '100000' },
  });
  const xvfb = await startXvfb();
  const driver = await startDriver(xvfb.display);
  const runDir = mkdtempSync(join(tmpdir(), 'portal-webkit-'));
  project.provide('baseUrl', gateway.baseUrl);
  project.provide('runDir', runDir);
  project.provide('webdriverUrl', driver.url);
  return async () => {
    driver.child.kill();
    xvfb.child.removeAllListeners('exit');
    xvfb.child.kill();
    await gateway.stop();
    rmSync(runDir, { recursive: true, force: true });
  };
}
