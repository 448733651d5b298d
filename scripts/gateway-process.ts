/**
 * Starts the gateway as a child process on a free loopback port with a fresh PGlite directory
 * (or DATABASE_URL when given), waits until it answers, and stops it. Used by the browser legs
 * (tests/browser-leg.ts), the gateway's process tests and `npm run bench`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_NODE_ARGS } from '../gateway/src/config';

export interface GatewayProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** What the process has written so far, when started with `capture` (else empty). */
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the gateway did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * `capture`: keep the process's output for the caller to read and assert (a test that expects
 * the gateway to warn), instead of passing it through to the terminal.
 */
export async function startGateway({
  env = {},
  quiet = true,
  capture = false,
}: { env?: Record<string, string>; quiet?: boolean; capture?: boolean } = {}): Promise<GatewayProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-gateway-'));
  // GATEWAY_CPU_PROF=DIR: the gateway writes a V8 CPU profile there when it stops (docs/performance.md).
  const profile = process.env.GATEWAY_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.GATEWAY_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...GATEWAY_NODE_ARGS], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      LOG_LEVEL: quiet ? 'warn' : 'info',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  let written = '';
  child.stdout?.on('data', (chunk: Buffer) => (written += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (written += chunk));
  const output = () => written;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${baseUrl}/jsons/indexConfig.json`, child, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, child, output, stop };
}
