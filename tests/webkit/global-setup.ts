import { type ChildProcess, spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/gateway-process';
import { startBrowserLeg } from '../browser-leg';

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
 * The WebKit leg (decision 0059): the production build and the gateway as the e2e leg has them
 * (`startBrowserLeg`), and WebKitWebDriver on an Xvfb display of its own. Each test file starts
 * its MiniBrowser sessions through the driver.
 */
export default async function setup(project: TestProject) {
  const leg = await startBrowserLeg('webkit');
  const xvfb = await startXvfb();
  const driver = await startDriver(xvfb.display);
  project.provide('baseUrl', leg.gateway.baseUrl);
  project.provide('runDir', leg.runDir);
  project.provide('webdriverUrl', driver.url);
  return async () => {
    driver.child.kill();
    xvfb.child.removeAllListeners('exit');
    xvfb.child.kill();
    await leg.stop();
  };
}
