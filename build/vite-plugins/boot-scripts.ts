import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import type { BootInput } from '../../src/boot/boot.ts';
import { firstBanners } from '../first-paint/first-banners.ts';
import { loadTemplates } from '../first-paint/render-templates.ts';
import { skeletonLoginHint } from '../first-paint/skeleton-login-hint.ts';

/**
 * index.html's typed boot module (decision 0057): `<script data-boot-entry="src/boot/main.ts">`
 * becomes an inline script, the module and what it imports bundled by esbuild into one minified
 * function for the browsers the build targets, given the configuration's first banners and the
 * templates rendered from the screens' components (build/first-paint/templates.tsx). The
 * skeleton's login hint, `<!--first-paint:login-hint-->`, is that template too. The gateway's
 * CSP allows the inline script by its hash, as any other.
 */
export function bootScripts({ root = process.cwd(), target = 'es2020' as string | string[] } = {}): Plugin {
  let env: Record<string, string> = {};
  // The dev server renders the templates again only after a file has changed.
  let templates: ReturnType<typeof loadTemplates> | undefined;
  return {
    name: 'boot-scripts',
    configResolved(config) {
      env = { ...config.env } as Record<string, string>;
    },
    configureServer(server) {
      server.watcher.on('change', () => (templates = undefined));
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        templates ??= loadTemplates(root, env);
        const input: BootInput = { banners: firstBanners(root), templates: await templates };
        let out = html.replace('<!--first-paint:login-hint-->', () => skeletonLoginHint(input.templates.loginHint));
        for (const [tag, entry] of html.matchAll(/<script data-boot-entry="([\w/.-]+\.ts)"><\/script>/g)) {
          const code = await compileBootModule(path.join(root, entry), input, root, target);
          out = out.replace(tag, () => `<script>${code}</script>`);
        }
        return out;
      },
    },
  };
}

/**
 * `code` safe inside an inline <script>: what could close it or open an HTML comment (`</script`,
 * `<!--`) and U+2028/U+2029 (line breaks inside a string literal to an engine before ES2019) can
 * only stand in a string, a template or a regular expression, where `<\/`, `<\!` and `\u2028`
 * read the same.
 */
export function inlineSafe(code: string): string {
  return code
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--')
    .replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** The boot module `file` as the body of an inline script, given the build's `input`. */
export async function compileBootModule(
  file: string,
  input: BootInput,
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
    define: {
      __FIRST_BANNERS__: JSON.stringify(input.banners),
      __FIRST_PAINT__: JSON.stringify(input.templates),
    },
    alias: { '@': path.join(root, 'src'), '@contract': path.join(root, 'contract') },
    logLevel: 'silent',
  });
  const code = inlineSafe(result.outputFiles[0].text.trim());
  if (/<\/script|<!--|[\u2028\u2029]/i.test(code))
    throw new Error(`boot-scripts: ${file} would close or break its <script>`);
  return code;
}
