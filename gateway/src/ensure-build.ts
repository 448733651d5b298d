/**
 * Outside production, builds the portal before the gateway listens when dist/ is missing or
 * older than its sources: dist/index.html against the newest file of what the build reads:
 * src/, contract/ (the portal imports it), public/, index.html, vite.config.ts, build/ and
 * .env.production. `SKIP_BUILD=1` skips the check.
 *
 * Production never builds at start (docs/product.md §12.4): a missing dist/ is an error
 * naming `npm run build`, and so is a stale one unless `SKIP_BUILD=1` says the sources beside
 * it are not what it was built from.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'build', '.env.production'];

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

export class BuildMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildMissingError';
  }
}

export interface EnsureBuildOptions {
  /** Production: never build, refuse a missing or stale dist/. */
  production?: boolean;
  log?: (msg: string) => void;
  env?: NodeJS.ProcessEnv;
}

/**
 * Outside production runs `npx vite build` (inherited stdio) when needed and throws when the
 * build fails; in production throws BuildMissingError instead of building.
 */
export function ensureBuild(
  rootDir: string,
  distDir: string,
  { production = false, log = console.log, env = process.env }: EnsureBuildOptions = {},
): void {
  const skip = env.SKIP_BUILD === '1';
  if (production) {
    if (!newestMtime(path.join(distDir, 'index.html'))) {
      throw new BuildMissingError(
        `the portal is not built: ${path.join(distDir, 'index.html')} is missing; run \`npm run build\` before \`npm start\``,
      );
    }
    if (!skip && buildNeeded(rootDir, distDir)) {
      throw new BuildMissingError(
        `the portal in ${distDir} is older than its sources; run \`npm run build\` (or set SKIP_BUILD=1 if it was built from these sources elsewhere)`,
      );
    }
    return;
  }
  if (skip) return;
  if (!buildNeeded(rootDir, distDir)) return;
  log('gateway: dist/ is missing or older than the sources; running `npx vite build`…');
  const args = ['vite', 'build'];
  if (path.resolve(distDir) !== path.resolve(rootDir, 'dist')) args.push('--outDir', distDir, '--emptyOutDir');
  const result = spawnSync('npx', args, { cwd: rootDir, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
}
