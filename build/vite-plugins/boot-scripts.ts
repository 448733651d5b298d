import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * index.html's typed boot modules (decision 0057): each `<script data-boot-entry="src/boot/….ts">`
 * becomes an inline script, the module and what it imports bundled by esbuild into one minified
 * function, for the browsers the build targets. A module is TypeScript like the rest of src/
 * (tsc, eslint, prettier, unit tests in jsdom); the gateway's CSP allows the inline script by its
 * hash, as any other. Another module is another `<script data-boot-entry>` in index.html.
 */
export function bootScripts({ root = process.cwd(), target = 'es2020' as string | string[] } = {}): Plugin {
  return {
    name: 'boot-scripts',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const tags = [...html.matchAll(/<script data-boot-entry="([\w/.-]+\.ts)"><\/script>/g)];
        let out = html;
        for (const [tag, entry] of tags) {
          const code = await compileBootModule(path.join(root, entry), root, target);
          out = out.replace(tag, () => `<script>${code}</script>`);
        }
        return out;
      },
    },
  };
}

/** One boot module as the body of an inline script. */
export async function compileBootModule(
  file: string,
  root = process.cwd(),
  target: string | string[] = 'es2020',
): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target,
    platform: 'browser',
    legalComments: 'none',
    // The page is UTF-8: Chinese texts as themselves, half the bytes of their \uXXXX escapes.
    charset: 'utf8',
    alias: { '@': path.join(root, 'src'), '@contract': path.join(root, 'contract') },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text.trim();
  // esbuild escapes `</script` in strings for an inline script; a module must not write it otherwise,
  // nor `<!--`, nor U+2028/U+2029 (line breaks inside a string literal to an engine before ES2019).
  if (/<\/script|<!--|[\u2028\u2029]/i.test(code))
    throw new Error(`boot-scripts: ${file} would close or break its <script>`);
  return code;
}
