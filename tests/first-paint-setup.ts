import { loadEnv } from 'vite';
import type { TestProject } from 'vitest/node';
import { loadTemplates } from '../build/first-paint/render-templates';
import type { FirstPaintTemplates } from '../src/boot/templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The first-paint templates as the build renders them (tests/first-paint.ts). */
    firstPaintTemplates: FirstPaintTemplates;
  }
}

/** The portal project's global setup: the templates, rendered once as the build renders them. */
export default async function setup(project: TestProject): Promise<void> {
  const root = process.cwd();
  project.provide('firstPaintTemplates', await loadTemplates(root, loadEnv('test', root)));
}
