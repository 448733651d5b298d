import type { Plugin, Rollup } from 'vite';
import { firstScreens, HOME, loadRouteTable } from '../first-paint/first-screens.ts';

/**
 * The first paint needs only the HTML (decision 0003). The entry's stylesheets (a few KB) are inlined
 * into index.html instead of render-blocking <link>s. Vite's preload helper looks for a <link> to
 * each before loading a lazy screen that shares it, and would otherwise fetch it again and apply
 * it a second time, after the screens' own: the inline loader adds each as a `disabled` <link>
 * after the first paint (Chromium fetches even a disabled stylesheet, at the highest priority:
 * in the HTML, it raced the first paint). The entry, its chunks and the /index screen's chunk
 * start loading after the first paint too (`afterFirstPaint`), side by side.
 */
export function firstPaintFromHtml(): Plugin {
  let table: Awaited<ReturnType<typeof loadRouteTable>> = [];
  let root = process.cwd();
  return {
    name: 'first-paint-from-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      table = await loadRouteTable(root);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const inlinedCss: string[] = [];
        let out = html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return tag;
            inlinedCss.push(file);
            const css = (
              typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8')
            ).replace(/<\/style/gi, '<\\/style');
            return `<style>${css}</style>`;
          },
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
        type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
        // A screen's stylesheets: its chunk's and those of the chunks it imports directly (rights.css,
        // shared by /rights and /noRights, has a chunk of its own).
        const stylesheetsOf = (chunk: Chunk) => {
          const chunks = [chunk, ...chunk.imports.map((file) => bundle[file] as Chunk)];
          const css = chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
          return [...new Set(css)].filter((file) => !inlinedCss.includes(file));
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
        // The first screens are the route table's rows with `firstPaint` (decision 0057); the
        // home's chunks are asked for on every path, the others' only on their own.
        const screens = firstScreens(table);
        const home = screens.find((screen) => screen.path === HOME);
        if (!home) throw new Error(`first-paint-from-html: the route table's ${HOME} has no firstPaint`);
        const files = [...new Set([...preloads, ...chunksOf(home.modules)])].filter((file) => file !== entry[1]);
        const byPath = Object.fromEntries(
          screens
            .filter((screen) => screen !== home)
            .map(({ path, modules }) => [
              path,
              chunksOf(modules).filter((file) => file !== entry[1] && !files.includes(file)),
            ]),
        );
        // /message's first notices, /indexNew's layout and /rights's list are drawn by index.html
        // before the app has run (decisions 0040, 0050): on those paths the page asks for the screen's stylesheet as it
        // is parsed (the drawing scripts wait for it), and Vite's preload helper then finds it.
        const drawnCss = Object.fromEntries(
          screens
            .filter(({ css }) => css === 'own-css')
            .map(({ path, modules: [screen] }) => [path, stylesheetsOf(chunkOf(screen)).map((file) => `/${file}`)]),
        );
        out = compactHtml(out)
          .replace('<script>', () => `<script>${screenStylesheets(drawnCss)}</script>\n    <script>`)
          .replace(
            '</head>',
            () => `  <script>${afterFirstPaint(entry[1], files, byPath, inlinedCss)}</script>\n  </head>`,
          );
        return out;
      },
    },
  };
}

/**
 * The inline loader of `firstPaintFromHtml`: after the first contentful paint (the boot module's
 * `__boot.afterPaint`, which also starts it 300 ms on for a page opened in the background), one
 * `modulepreload` per chunk (a `preload` as script where the browser has no modulepreload, as
 * in older iOS WebViews: the build carries no polyfill) and the entry's module script. Nothing of the app's JavaScript is
 * fetched, compiled or run before the browser has painted the HTML's skeleton, so the first
 * paint never waits on it, and the chunks still download side by side. The
 * gateway's Content-Security-Policy allows the script by its hash.
 */
function afterFirstPaint(
  entry: string,
  preloads: string[],
  byPath: Record<string, string[]>,
  inlinedCss: string[],
): string {
  const paths = Object.fromEntries(
    Object.entries(byPath).map(([path, files]) => [path, files.map((file) => `/${file}`)]),
  );
  return (
    `(function(){var done=0;function go(){if(done)return;done=1;var h=document.head;` +
    `${JSON.stringify(inlinedCss.map((file) => `/${file}`))}.forEach(function(u){var l=document.createElement('link');l.rel='stylesheet';l.crossOrigin='';l.href=u;l.disabled=true;h.appendChild(l)});` +
    `var r=document.createElement('link').relList,rel=r&&r.supports&&r.supports('modulepreload')?'modulepreload':'preload';` +
    `${JSON.stringify(preloads.map((file) => `/${file}`))}.concat(${JSON.stringify(paths)}[location.pathname]||[]).forEach(function(u){var l=document.createElement('link');l.rel=rel;l.as='script';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(`/${entry}`)};h.appendChild(s)}` +
    // After the first contentful paint as the boot module tells it (`__boot.afterPaint`: a frame
    // drawn while only <head> had been read would start the downloads too soon); at once without it.
    `var b=window.__boot;function start(){b?b.afterPaint(go):go()}` +
    // A screen drawn from its own early call (decision 0040) holds the app's download until it
    // has drawn, so the call does not share the network with 100 KB of scripts; 1.5 s at most.
    `var hold=b&&b.hold;if(hold){hold.then(start,start);setTimeout(go,1500)}else start()})()`
  );
}

/**
 * The inline script that asks, on a path whose screen index.html draws, for that screen's
 * stylesheets as the page is parsed: render-blocking where the browser knows `blocking`, and
 * marked `data-drawn` for the drawing scripts, which wait for it elsewhere.
 */
function screenStylesheets(byPath: Record<string, string[]>): string {
  return (
    `(function(){var c=${JSON.stringify(byPath)}[location.pathname]||[];c.forEach(function(u){` +
    `var l=document.createElement('link');l.rel='stylesheet';l.href=u;l.setAttribute('blocking','render');` +
    `l.setAttribute('data-drawn','');document.head.appendChild(l)})})()`
  );
}

/**
 * The page without what only its maintainers read (about 3.9 KB of HTML comments, the inline
 * scripts' indentation and whole-line `//` comments): every path downloads the document before its
 * first paint. A script with a template literal is left as it is (a line break may be its text).
 */
export function compactHtml(html: string): string {
  return html
    .split(/(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>)/i)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/\s*<!--[\s\S]*?-->/g, '');
      if (!part.startsWith('<script') || part.includes('`')) return part;
      return part
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('//'))
        .join('\n');
    })
    .join('');
}
