import { inject } from 'vitest';
import type { BuiltChunk } from '../../scripts/first-screen';

/**
 * The monitoring's chunk is loaded, then started (decision 0068): a `.then` on the import itself
 * would run inside Vite's preload helper, where a start that throws counts as a chunk that failed
 * to load, and lazy-screen.ts's recovery reloads the page.
 */
describe("the monitoring's start", () => {
  const chunks = inject('builtFiles').filter((o): o is BuiltChunk => o.type === 'chunk');

  it('runs after its chunk has loaded, outside the preload helper', () => {
    const rum = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/app/rum.ts')));
    const entry = chunks.find((c) => c.isEntry);
    expect(rum, 'a chunk of its own').toBeDefined();
    const name = rum!.fileName.replace(/^.*\//, '').replace(/\./g, '\\.');
    const imported = new RegExp(`import\\(\\s*["'\`]\\./${name}["'\`]\\s*\\)(\\s*\\.then)?`).exec(entry!.code);
    expect(imported, 'the entry imports it').not.toBeNull();
    expect(imported![1], 'a .then on the import').toBeUndefined();
  });
});
