import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { loadEnv } from 'vite';
import { firstBanners } from '../../build/first-paint/first-banners';
import { loadTemplates } from '../../build/first-paint/render-templates';
import { compileBootModule } from '../../build/vite-plugins/boot-scripts';
import type { FirstPaintTemplates } from '../../src/boot/templates';
import { PLANTED } from '../planted';

/**
 * The boot module as the build inlines it (decision 0057): the configuration's banners and the
 * templates go in as data, and a text planted in them can neither close nor break the script,
 * and reads back as it was written.
 */
const root = process.cwd();
let templates: FirstPaintTemplates;
beforeAll(async () => {
  templates = await loadTemplates(root, loadEnv('production', root));
});

/** A module that hands back what the build gave it. */
function echoModule(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boot-echo-'));
  const file = path.join(dir, 'echo.ts');
  writeFileSync(file, 'declare const __FIRST_BANNERS__: unknown;\n(globalThis as any).out = __FIRST_BANNERS__;\n');
  return file;
}

describe.each(Object.entries(PLANTED))('%s in the configuration', (_name, planted) => {
  it('stays text of one script that parses, and reads back as written', async () => {
    const banners = firstBanners(root);
    banners.index.title = planted;
    banners.index.banners[0] = { ...banners.index.banners[0], title: planted, subtitle: planted };
    const code = await compileBootModule(echoModule(), { banners, templates }, root);
    expect(code).not.toMatch(/<\/script|<!--|[\u2028\u2029]/i);
    const context: { out?: unknown } = {};
    vm.runInNewContext(code, context);
    expect(context.out).toEqual(banners);
  });
});

it('the boot module compiles with the build’s data into a script that parses', async () => {
  const code = await compileBootModule(
    path.join(root, 'src/boot/main.ts'),
    { banners: firstBanners(root), templates },
    root,
  );
  expect(() => new vm.Script(code)).not.toThrow();
  // The templates are in it, rendered from the components: a class of NoticeItem and of RightCard.
  expect(code).toContain('notice-item__summary');
  expect(code).toContain('right-card__times');
});
