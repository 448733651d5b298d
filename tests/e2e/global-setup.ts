import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`gateway did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Builds the portal, starts the gateway on a free loopback port with a fresh PGlite directory,
 * and stops both when the suite ends.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const child = spawn('npx', ['tsx', 'gateway/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealthy(`${baseUrl}/jsons/indexConfig.json`, child);
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
          resolve(undefined);
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
