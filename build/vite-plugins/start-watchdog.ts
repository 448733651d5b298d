import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const WATCHDOG = fileURLToPath(new URL('../../src/boot/start-watchdog.ts', import.meta.url));

const CHARSET = /<meta charset="UTF-8" \/>/i;

/**
 * src/boot/start-watchdog.ts, minified, as the first script of index.html, right after the
 * charset (which must stay in the first 1,024 bytes): it must be listening before any other
 * script can fail (decision 0058). ES2015, so that it runs on
 * browsers below the floor, whose parser the app's own chunks may defeat. The gateway and
 * dist/index.html.csp allow it by its hash, like every inline script (gateway/src/csp.ts).
 */
export async function startWatchdogScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { installStartWatchdog } from ${JSON.stringify(WATCHDOG)};\ninstallStartWatchdog(window);\n`,
      loader: 'ts',
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2015',
    charset: 'utf8',
    legalComments: 'none',
  });
  return result.outputFiles[0].text.trim();
}

export function startWatchdog(): Plugin {
  return {
    name: 'start-watchdog',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) => {
        if (!CHARSET.test(html))
          throw new Error('start-watchdog: index.html has no <meta charset="UTF-8" /> to follow');
        const script = await startWatchdogScript();
        return html.replace(CHARSET, (meta) => `${meta}\n    <script>${script}</script>`);
      },
    },
  };
}
