import { globSync, readFileSync } from 'node:fs';

/**
 * Vite's native config loader, planned as its default, cannot read a relative import without
 * its extension, and says so on every start of Vite and Vitest (decision 0061): the configs name
 * their files whole.
 */
describe("the Vite and Vitest configs' own imports", () => {
  const configs = globSync('{vite,vitest}*.config.ts');

  it.each(configs)('%s names each relative file with its extension', (config) => {
    const relative = [...readFileSync(config, 'utf8').matchAll(/^import [^;]*? from '(\.{1,2}\/[^']+)'/gm)].map(
      (match) => match[1],
    );
    expect(relative.filter((path) => !/\.(ts|js|json)$/.test(path))).toEqual([]);
  });

  it('finds the configs', () => {
    expect(configs).toEqual(expect.arrayContaining(['vite.config.ts', 'vitest.config.ts']));
  });
});
