import { inject } from 'vitest';
import type { BuiltChunk } from '../../scripts/first-screen';

/**
 * The build made once for this project (tests/build/global-setup.ts) reaches the files whole:
 * an empty list of modules or CSS would let the first-screen checks pass without looking.
 */
describe('the build handed to the build checks', () => {
  const output = inject('builtFiles');
  const chunks = output.filter((o): o is BuiltChunk => o.type === 'chunk');

  it('has the entry chunk with its modules, the chunks it imports and the CSS they bring', () => {
    const entry = chunks.find((c) => c.isEntry);
    expect(entry?.moduleIds.some((id) => id.endsWith('/src/main.tsx'))).toBe(true);
    expect(entry?.code.length).toBeGreaterThan(1000);
    expect(chunks.some((c) => c.imports.length > 0)).toBe(true);
    expect(chunks.some((c) => c.dynamicImports.length > 0)).toBe(true);
    const css = chunks.flatMap((c) => c.importedCss);
    expect(css.length).toBeGreaterThan(0);
    for (const file of css) expect(output.map((o) => o.fileName)).toContain(file);
  });

  it('has index.html as text', () => {
    const html = output.find((o) => o.fileName === 'index.html');
    expect(html?.type).toBe('asset');
    expect(String(html?.type === 'asset' && html.source)).toMatch(/^<!doctype html>/i);
  });
});
