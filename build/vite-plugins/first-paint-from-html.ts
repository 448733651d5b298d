import type { Plugin, Rollup } from 'vite';

/**
 * The first screens a returning customer lands on (decision 0031), by path: the screen's module
 * and, for a row with a `load`, the route loaders' module (decision 0036), whose chunks the
 * inline loader asks for beside the entry's.
 */
const LANDING: Record<string, string[]> = {
  '/index': ['features/home/index-page.tsx'],
  '/indexNew': ['features/home/index-new-page.tsx', 'app/route-data.ts'],
  '/mine': ['features/mine/mine-page.tsx'],
  '/rights': ['features/rights/rights-page.tsx', 'app/route-data.ts'],
  '/message': ['features/messages/message-page.tsx', 'app/route-data.ts'],
};

/** The screens index.html draws before the app has run (decision 0040): their CSS is inlined. */
const DRAWN_BY_HTML = ['features/messages/message-page.tsx', 'features/home/index-new-page.tsx'];

/**
 * The first paint needs only the HTML (decision 0003). The entry's stylesheets (a few KB) are inlined
 * into index.html instead of render-blocking <link>s; each <link> stays, `disabled` so the
 * browser does not fetch it, because Vite's preload helper looks for it before loading a lazy
 * screen's CSS and would otherwise fetch the same file again. The entry, its chunks and the
 * /index screen's chunk start loading after the first paint (`afterFirstPaint`), side by side.
 */
export function firstPaintFromHtml(): Plugin {
  return {
    name: 'first-paint-from-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const inlined = (file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return undefined;
          const css = (
            typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8')
          ).replace(/<\/style/gi, '<\\/style');
          return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
        };
        let out = html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => inlined(file) ?? tag,
        );
        // The entry and every chunk it or the /index screen imports start loading right after
        // the first paint, from one inline script, instead of from <script>/<link> tags.
        const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>\s*/.exec(out);
        if (!entry) return out;
        const preloads: string[] = [];
        out = out
          .replace(entry[0], '')
          .replace(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">\s*/g, (_tag, file: string) => {
            preloads.push(file);
            return '';
          });
        const chunkOf = (module: string) => {
          const chunk = Object.values(bundle).find(
            (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/src/${module}`),
          );
          if (chunk?.type !== 'chunk') throw new Error(`first-paint-from-html: no chunk for src/${module}`);
          return chunk as Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
        };
        // A landing screen's chunks: its modules' and every chunk they import, however deep (the
        // request client sits two imports down).
        const chunksOf = (modules: string[]) => {
          const own: string[] = [];
          const add = (file: string) => {
            const chunk = bundle[file];
            if (own.includes(file) || chunk?.type !== 'chunk') return;
            own.push(file);
            chunk.imports.forEach(add);
          };
          for (const module of modules) add(chunkOf(module).fileName);
          return own;
        };
        const files = [...new Set([...preloads, ...chunksOf(LANDING['/index'])])].filter((file) => file !== entry[1]);
        // The other first screens' chunks (and their loaders' module), asked for only when the
        // page opens on that path: their files beyond what every page asks for.
        const byPath = Object.fromEntries(
          Object.entries(LANDING)
            .filter(([path]) => path !== '/index')
            .map(([path, modules]) => [
              path,
              chunksOf(modules).filter((file) => file !== entry[1] && !files.includes(file)),
            ]),
        );
        // /message's first notices and /indexNew's layout are drawn by index.html before the app
        // has run (decision 0040): their stylesheets come with the HTML, as the entry's does.
        const styles = DRAWN_BY_HTML.flatMap((module) => [...(chunkOf(module).viteMetadata?.importedCss ?? [])])
          .map(inlined)
          .filter(Boolean);
        out = out.replace(
          '</head>',
          [...styles, `<script>${afterFirstPaint(entry[1], files, byPath)}</script>`]
            .map((tag) => `  ${tag}\n`)
            .join('') + '  </head>',
        );
        return out;
      },
    },
  };
}

/**
 * The inline loader of `firstPaintFromHtml`: after the first paint (a frame, then a task), one
 * `modulepreload` per chunk (a `preload` as script where the browser has no modulepreload, as
 * in older iOS WebViews: the build carries no polyfill) and the entry's module script. Nothing of the app's JavaScript is
 * fetched, compiled or run before the browser has painted the HTML's skeleton, so the first
 * paint never waits on it, and the chunks still download side by side. The
 * gateway's Content-Security-Policy allows the script by its hash.
 */
function afterFirstPaint(entry: string, preloads: string[], byPath: Record<string, string[]>): string {
  const paths = Object.fromEntries(
    Object.entries(byPath).map(([path, files]) => [path, files.map((file) => `/${file}`)]),
  );
  // A page opened in the background gets no animation frame until it is shown: the timer
  // starts it anyway.
  return (
    `(function(){var done=0;function go(){if(done)return;done=1;var h=document.head;` +
    `var r=document.createElement('link').relList,rel=r&&r.supports&&r.supports('modulepreload')?'modulepreload':'preload';` +
    `${JSON.stringify(preloads.map((file) => `/${file}`))}.concat(${JSON.stringify(paths)}[location.pathname]||[]).forEach(function(u){var l=document.createElement('link');l.rel=rel;l.as='script';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(`/${entry}`)};h.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,300)})()`
  );
}
