import { buildInMemory, firstScreen, HEAVY_MODULES, type FirstScreen } from '../../scripts/first-screen';

/** Issue 9: at most 120 KB (1 KB = 1024 B) of gzip JS+CSS before the home is usable, ≤ 6 files. */
const BUDGET_BYTES = 120 * 1024;
const MAX_FILES = 6;

let first: FirstScreen;

beforeAll(async () => {
  first = firstScreen(await buildInMemory());
}, 120_000);

describe('first screen of /index (issue 9)', () => {
  it(`stays within ${BUDGET_BYTES / 1024} KB of gzip JS and CSS`, () => {
    const report = first.files.map((f) => `${f.fileName} ${f.gzip}`).join('\n');
    expect(first.gzip, report).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it(`needs at most ${MAX_FILES} JS and CSS files`, () => {
    expect(first.files.length, first.files.map((f) => f.fileName).join('\n')).toBeLessThanOrEqual(MAX_FILES);
  });

  it.each(HEAVY_MODULES)('does not reach %s without a dynamic import', (heavy) => {
    expect(first.modules.filter((id) => id.includes(`node_modules/${heavy}`))).toEqual([]);
  });
});
