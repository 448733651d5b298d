import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { FirstPaintTemplates } from '../../src/boot/templates.ts';

/** The wording modules a template's component reads, swapped for build/first-paint/slot-wording.ts. */
const WORDING = /\/(?:features\/messages\/notice-text|lib\/right-facts)(?:\.ts)?$/;

/**
 * The first-paint templates (build/first-paint/templates.tsx), rendered in Node: the module and
 * the screens' components it renders are bundled by esbuild (stylesheets left out, `env` the
 * build's `VITE_*` settings, the packages with them), written under
 * node_modules/.cache and run. The components read the persisted store's storage as they load:
 * an empty one in memory stands in for the browser's.
 */
export async function loadTemplates(root: string, env: Record<string, string>): Promise<FirstPaintTemplates> {
  const result = await build({
    entryPoints: [path.join(root, 'build/first-paint/templates.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    // Loaded from node_modules as Node loads them (React's server renderer is 3 MB); the others,
    // antd-mobile's ES build among them, name no file extension Node's loader would need.
    external: ['react', 'react-dom', 'react-router', 'react-router-dom', 'axios', 'zustand'],
    // The packages' CommonJS (React's server renderer among them) asks for Node's own modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    define: { 'import.meta.env': JSON.stringify(env) },
    alias: { '@': path.join(root, 'src'), '@contract': path.join(root, 'contract') },
    logLevel: 'silent',
    plugins: [
      {
        name: 'slot-wording',
        setup(context) {
          context.onResolve(
            { filter: /(?:notice-text|right-facts)(?:\.ts)?$/ },
            ({ path: name, importer, resolveDir }) => {
              if (importer.endsWith('slot-wording.ts')) return undefined;
              const resolved = name.startsWith('@/')
                ? path.join(root, 'src', name.slice(2))
                : path.resolve(resolveDir, name);
              return WORDING.test(resolved)
                ? { path: path.join(root, 'build/first-paint/slot-wording.ts') }
                : undefined;
            },
          );
        },
      },
    ],
  });
  const dir = path.join(root, 'node_modules/.cache/first-paint');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `templates-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  const memory = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, String(value)),
    removeItem: (key: string) => void memory.delete(key),
    clear: () => memory.clear(),
    key: () => null,
    length: 0,
  };
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderTemplates: () => FirstPaintTemplates };
    return module.renderTemplates();
  } finally {
    rmSync(file, { force: true });
  }
}
