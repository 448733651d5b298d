import { gzipSync } from 'node:zlib';
import { inject } from 'vitest';
import type { BuiltAsset, BuiltChunk } from '../../scripts/first-screen';

/**
 * /message's first notice (decision 0039): the screen's chunk and the chunks it imports
 * statically draw the list alone; the gestures (pull to refresh, infinite scroll) and the
 * notice popup come by a dynamic import once the list has painted.
 */
const MESSAGE_SCREEN = 'src/features/messages/message-page.tsx';

/** What the first notice must not wait for. */
const LATER_MODULES = [
  'node_modules/@react-spring',
  'node_modules/@use-gesture',
  'node_modules/antd-mobile/es/components/popup',
  'node_modules/antd-mobile/es/components/pull-to-refresh',
  'node_modules/antd-mobile/es/components/infinite-scroll',
];

let chunks: Map<string, BuiltChunk>;
let assets: Map<string, BuiltAsset>;
let screen: BuiltChunk;

beforeAll(() => {
  // Built once for the project (tests/build/global-setup.ts).
  const output = inject('builtFiles');
  chunks = new Map(output.filter((o): o is BuiltChunk => o.type === 'chunk').map((c) => [c.fileName, c]));
  assets = new Map(output.filter((o): o is BuiltAsset => o.type === 'asset').map((a) => [a.fileName, a]));
  const found = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(MESSAGE_SCREEN));
  if (!found) throw new Error(`no chunk for ${MESSAGE_SCREEN} in the build`);
  screen = found;
});

/** The chunks reachable from `roots` by static imports only (`imports`, not `dynamicImports`). */
function staticClosure(roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    chunks.get(name)?.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen];
}

/** The JS and CSS files `names` need, with their gzip sizes. */
function files(names: string[]) {
  const css = new Set(names.flatMap((name) => chunks.get(name)?.importedCss ?? []));
  const sources = [
    ...names.map((name) => [name, chunks.get(name)!.code] as const),
    ...[...css].map((name) => [name, assets.get(name)!.source] as const),
  ];
  return sources.map(([name, source]) => ({ name, gzip: gzipSync(Buffer.from(source), { level: 9 }).length }));
}

describe('the /message screen before its first notice (decision 0039)', () => {
  it.each(LATER_MODULES)('does not reach %s without a dynamic import', (later) => {
    const modules = staticClosure([screen.fileName]).flatMap((name) => chunks.get(name)!.moduleIds);
    expect(modules.filter((id) => id.replaceAll('\\', '/').includes(later))).toEqual([]);
  });

  it('still loads the gestures and the popup, by a dynamic import', () => {
    // Printed, not asserted: what the screen needs (the entry's own needs apart).
    const entry = [...chunks.values()].find((c) => c.isEntry)!;
    const entryFiles = new Set(files(staticClosure([entry.fileName])).map((f) => f.name));
    const all = files(staticClosure([entry.fileName, screen.fileName]));
    const own = all.filter((f) => !entryFiles.has(f.name));
    const kb = (list: { gzip: number }[]) => (list.reduce((n, f) => n + f.gzip, 0) / 1024).toFixed(1);
    console.info(
      `/message with the entry: ${all.length} JS+CSS files, ${kb(all)} KB gzip; ` +
        `beyond the entry: ${own.length} files, ${kb(own)} KB gzip\n` +
        own.map((f) => `  ${f.name} ${f.gzip}`).join('\n'),
    );

    const later = screen.dynamicImports.flatMap((name) => staticClosure([name]));
    const modules = later.flatMap((name) => chunks.get(name)!.moduleIds);
    for (const id of LATER_MODULES)
      expect(
        modules.some((m) => m.replaceAll('\\', '/').includes(id)),
        id,
      ).toBe(true);
  });
});
