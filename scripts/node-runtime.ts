/**
 * What both vitest projects check about the Node they run on (decision 0060): under npm (`npm
 * test`, `npm run …`, `npx`) it is the `node` dev dependency's, which npm puts first on PATH;
 * run any other way, it still meets `engines`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

export function checkNodeRuntime(version = process.versions.node, underNpm = process.env.npm_command !== undefined) {
  const pinned = pkg.devDependencies.node;
  const floor = Number(/^>=(\d+)/.exec(pkg.engines.node)?.[1]);
  if (underNpm && version !== pinned) return `npm ran this on Node ${version}, not the pinned ${pinned}`;
  if (Number(version.split('.')[0]) < floor) return `Node ${version} is below engines ${pkg.engines.node}`;
  return null;
}

export const pinnedNode = pkg.devDependencies.node;
