/**
 * Runs once before the build project's files: one production build in memory, handed to the
 * files that read its output (the first-screen and /message checks) instead of one build each.
 */
import type { TestProject } from 'vitest/node';
import { buildInMemory, type BuiltFile, builtFiles } from '../../scripts/first-screen';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every file of the production build (nothing written to dist/). */
    builtFiles: BuiltFile[];
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  project.provide('builtFiles', builtFiles(await buildInMemory()));
  console.info(`build project: one production build for its files, ${Math.round(performance.now() - started)} ms`);
}
