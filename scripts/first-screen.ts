/**
 * The first screen of /index as the build output and its import graph define it (decision 0003):
 * the entry chunk, the /index screen chunk, every chunk they import statically, and the CSS
 * those chunks bring. Used by the size test (tests/build) and by `npm run bench`.
 */
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

/** Packages that must load on first use only (the first screen's heavy parts). */
export const HEAVY_MODULES = [
  '@react-spring',
  '@use-gesture',
  'qrcode',
  'dompurify',
  'antd-mobile/es/components/toast',
  'antd-mobile/es/components/dialog',
  'antd-mobile/es/components/popup',
  'antd-mobile/es/components/swiper',
];

export const INDEX_SCREEN = 'src/features/home/index-page.tsx';

export interface FirstScreenFile {
  fileName: string;
  raw: number;
  gzip: number;
}

export interface FirstScreen {
  files: FirstScreenFile[];
  raw: number;
  gzip: number;
  /** Module ids reachable from the entry and the /index screen without a dynamic import. */
  modules: string[];
}

type Output = Rollup.OutputChunk | Rollup.OutputAsset;

/** What the checks read of a built chunk, as plain data (it crosses from Vitest's global setup to its workers). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Chunks imported statically. */
  imports: string[];
  dynamicImports: string[];
  code: string;
  /** The modules bundled in the chunk, by id. */
  moduleIds: string[];
  /** The CSS files the chunk brings. */
  importedCss: string[];
}

export interface BuiltAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

export type BuiltFile = BuiltChunk | BuiltAsset;

/** The build output as plain data. */
export function builtFiles(output: Output[]): BuiltFile[] {
  return output.map((o) => {
    if (o.type === 'asset') return { type: 'asset', fileName: o.fileName, source: o.source };
    const meta = (o as Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
    return {
      type: 'chunk',
      fileName: o.fileName,
      isEntry: o.isEntry,
      facadeModuleId: o.facadeModuleId,
      imports: [...o.imports],
      dynamicImports: [...o.dynamicImports],
      code: o.code,
      moduleIds: Object.keys(o.modules),
      importedCss: [...(meta?.importedCss ?? [])],
    };
  });
}

/** Builds in memory (nothing written) and returns every output file. */
export async function buildInMemory(): Promise<Output[]> {
  // Under vitest NODE_ENV is 'test', which would bundle React's development build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({ mode: 'production', logLevel: 'silent', build: { write: false } }).finally(() => {
    // Assigning undefined would store the string 'undefined', and a later `vite build` in this
    // process (npm run bench) would then bundle React's development build.
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RolldownOutput[];
  return outputs.flatMap((o) => o.output as Output[]);
}

export function firstScreen(output: BuiltFile[]): FirstScreen {
  const chunks = new Map(output.filter((o): o is BuiltChunk => o.type === 'chunk').map((c) => [c.fileName, c]));
  const assets = new Map(output.filter((o): o is BuiltAsset => o.type === 'asset').map((a) => [a.fileName, a]));
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const screen = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(INDEX_SCREEN));
  if (!entry || !screen) throw new Error('entry or /index screen chunk not found in the build');

  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    chunks.get(name)?.imports.forEach(visit);
  };
  visit(entry.fileName);
  visit(screen.fileName);

  const css = new Set<string>();
  const modules: string[] = [];
  for (const name of seen) {
    const chunk = chunks.get(name)!;
    chunk.importedCss.forEach((file) => css.add(file));
    modules.push(...chunk.moduleIds);
  }

  const files: FirstScreenFile[] = [];
  for (const name of seen) {
    const code = Buffer.from(chunks.get(name)!.code);
    files.push({ fileName: name, raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  }
  for (const name of css) {
    const source = assets.get(name)!.source;
    const buffer = Buffer.from(typeof source === 'string' ? source : source);
    files.push({ fileName: name, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    raw: files.reduce((n, f) => n + f.raw, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    modules,
  };
}
