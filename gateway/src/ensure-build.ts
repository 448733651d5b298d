/**
 * Builds the portal before the gateway listens when dist/ is missing or older than its
 * sources (issue 3): dist/index.html against the newest file of what the build reads: src/,
 * contract/ (the portal imports it), public/, index.html, vite.config.ts and .env.production.
 * `SKIP_BUILD=1` skips the check.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', '.env.production'];

/** The newest modification time (ms) under `p`, 0 when it does not exist. */
export function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than the newest source file. */
export function buildNeeded(rootDir: string, distDir: string): boolean {
  const built = newestMtime(path.join(distDir, 'index.html'));
  if (!built) return true;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(rootDir, s))));
  return sources > built;
}

/** Runs `npx vite build` (inherited stdio) when needed; throws when the build fails. */
export function ensureBuild(rootDir: string, distDir: string, log: (msg: string) => void = console.log): void {
  if (process.env.SKIP_BUILD === '1') return;
  if (!buildNeeded(rootDir, distDir)) return;
  log('gateway: dist/ is missing or older than the sources; running `npx vite build`…');
  const args = ['vite', 'build'];
  if (path.resolve(distDir) !== path.resolve(rootDir, 'dist')) args.push('--outDir', distDir, '--emptyOutDir');
  const result = spawnSync('npx', args, { cwd: rootDir, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
}
