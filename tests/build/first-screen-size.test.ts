import { createHash } from 'node:crypto';
import { inject } from 'vitest';
import { policyForHtml } from '../../gateway/src/csp';
import { type FirstScreen, firstScreen, HEAVY_MODULES } from '../../scripts/first-screen';

/**
 * At most 121 KB (1 KB = 1024 B) of gzip JS+CSS before the home is usable, ≤ 6 files: gzip is the
 * conservative stand-in for the 120 KB the gateway sends as brotli (decision 0003, amended).
 */
const BUDGET_BYTES = 121 * 1024;
const MAX_FILES = 6;

let first: FirstScreen;
let chunkFiles: Record<string, string>;
let cssFiles: Record<string, string[]>;
let html: string;
let cdnPolicy: string;

beforeAll(() => {
  // Built once for the project (tests/build/global-setup.ts).
  const output = inject('builtFiles');
  first = firstScreen(output);
  chunkFiles = Object.fromEntries(
    output.flatMap((o) => (o.type === 'chunk' && o.facadeModuleId ? [[o.facadeModuleId, o.fileName]] : [])),
  );
  cssFiles = Object.fromEntries(
    output.flatMap((o) => (o.type === 'chunk' && o.facadeModuleId ? [[o.facadeModuleId, o.importedCss]] : [])),
  );
  const page = output.find((o) => o.fileName === 'index.html');
  html = page?.type === 'asset' ? String(page.source) : '';
  const policy = output.find((o) => o.fileName === 'index.html.csp');
  cdnPolicy = policy?.type === 'asset' ? String(policy.source) : '';
});

/** The stylesheets a screen's chunk brings. */
const cssOf = (module: string) =>
  cssFiles[Object.keys(cssFiles).find((id) => id.endsWith(`/src/${module}`)) ?? ''] ?? [];

describe('first screen of /index (decision 0003)', () => {
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

  it('leaves real-user monitoring out: web-vitals and its reporter load after the page has settled (decision 0062)', () => {
    expect(
      first.modules.filter((id) => id.includes('node_modules/web-vitals') || id.endsWith('/src/app/rum.ts')),
    ).toEqual([]);
    // The build has them, in a chunk of their own.
    expect(Object.keys(chunkFiles).some((id) => id.endsWith('/src/app/rum.ts'))).toBe(true);
  });

  it('fetches no JavaScript before the first paint, and every first-screen chunk right after it', () => {
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/rel="modulepreload"/);
    const loader = /<script>(\(function\(\)\{var done[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('__boot');
    const scripts = first.files.filter((f) => f.fileName.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const { fileName } of scripts) expect(loader).toContain(`"/${fileName}"`);
  });

  /**
   * The links and scripts the inline loader adds on `pathname`, with modulepreload `supported` or
   * not; `hold` stands for a screen's early call (`__boot.hold`), `painted: false` for a first
   * contentful paint not yet reported (`paint()` reports it). Timers run when `tick(ms)` reaches them.
   */
  function runLoader(
    pathname: string,
    {
      supported = true,
      hold,
      painted = true,
    }: { supported?: boolean; hold?: Promise<unknown>; painted?: boolean } = {},
  ) {
    const loader = /<script>(\(function\(\)\{var done[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const added: Array<Record<string, unknown>> = [];
    const afterPaint: Array<() => void> = [];
    const paintedNow = () => afterPaint.splice(0).forEach((go) => go());
    const document = {
      head: { appendChild: (element: Record<string, unknown>) => added.push(element) },
      createElement: (tag: string) => ({
        tag,
        relList: { supports: (value: string) => supported && value === 'modulepreload' },
      }),
    };
    const timers: Array<{ at: number; task: () => void }> = [];
    const setTimeout = (task: () => void, ms = 0) => void timers.push({ at: ms, task });
    const tick = (ms: number) => {
      for (const timer of timers.splice(0))
        if (timer.at <= ms) timer.task();
        else timers.push(timer);
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', 'location', 'window', loader)(
      document,
      (task: () => void) => task(),
      setTimeout,
      { pathname },
      { __boot: { hold, afterPaint: (go: () => void) => afterPaint.push(go) } },
    );
    tick(0);
    if (painted) paintedNow();
    const links = () => added.filter((element) => element.tag === 'link');
    return {
      tick,
      added,
      /** The boot module's `afterPaint` reports the first contentful paint. */
      paint: paintedNow,
      links: () => links().filter((link) => link.rel !== 'stylesheet'),
      stylesheets: () => links().filter((link) => link.rel === 'stylesheet'),
      scripts: () => added.filter((element) => element.tag === 'script'),
    };
  }
  const fileOf = (module: string) =>
    `/${Object.entries(chunkFiles).find(([id]) => id.endsWith(`/src/${module}`))?.[1] ?? module}`;

  it.each([
    ['modulepreload', true],
    ['preload', false],
  ])('asks for the chunks as %s where modulepreload support is %s (no polyfill)', (rel, supported) => {
    const { links, scripts } = runLoader('/index', { supported: supported as boolean });
    expect(links().length).toBeGreaterThan(0);
    for (const link of links()) expect(link).toMatchObject({ rel, as: 'script', crossOrigin: '' });
    expect(scripts()).toHaveLength(1);
  });

  it.each([
    ['/message', ['features/messages/message-page.tsx', 'app/route-data.ts']],
    ['/rights', ['features/rights/rights-page.tsx', 'app/route-data.ts']],
    ['/indexNew', ['features/home/index-new-page.tsx', 'app/route-data.ts']],
    ['/mine', ['features/mine/mine-page.tsx']],
  ])('opened on %s, also asks for that screen’s chunks beside the entry', (path, modules) => {
    const hrefs = (at: string) =>
      runLoader(at)
        .links()
        .map((link) => link.href);
    for (const module of modules) {
      expect(hrefs(path)).toContain(fileOf(module));
      expect(hrefs('/index')).not.toContain(fileOf(module));
    }
    expect(hrefs(path)).toEqual(expect.arrayContaining(hrefs('/index')));
  });

  it('inlines the entry’s stylesheets without a <link> to fetch, and adds each one disabled after the first paint', () => {
    expect(html).not.toMatch(/<link[^>]*stylesheet/);
    const css = first.files.filter((f) => f.fileName.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    const { stylesheets } = runLoader('/index');
    // Vite's preload helper finds them there and does not fetch or apply them a second time.
    expect(stylesheets().map((link) => link.href)).toEqual(
      expect.arrayContaining(css.map(({ fileName }) => `/${fileName}`)),
    );
    expect(stylesheets()).toHaveLength(css.length);
    for (const link of stylesheets()) expect(link.disabled).toBe(true);
  });

  it('starts once index.html reports the first contentful paint, and not before', () => {
    const loader = runLoader('/index', { painted: false });
    expect(loader.added).toEqual([]);
    loader.paint();
    expect(loader.scripts()).toHaveLength(1);
  });

  it('holds the app’s download while a screen’s early call is drawn, 1.5 s at most', async () => {
    let drawn!: () => void;
    const held = runLoader('/message', { hold: new Promise<void>((resolve) => (drawn = resolve)) });
    held.tick(1000);
    expect(held.added).toEqual([]);
    drawn();
    await Promise.resolve();
    held.paint();
    expect(held.scripts()).toHaveLength(1);

    const never = runLoader('/message', { hold: new Promise(() => undefined) });
    never.tick(1500);
    expect(never.scripts()).toHaveLength(1);
  });
});

describe('the stylesheets of the screens index.html draws (decision 0040)', () => {
  /** What the page asks for as it is parsed, on `pathname`. */
  function parsedOn(pathname: string) {
    const script = /<script>(\(function\(\)\{var c=[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const added: Array<{ attributes: Record<string, string> } & Record<string, unknown>> = [];
    const document = {
      head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
      createElement: () => {
        const attributes: Record<string, string> = {};
        return { attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
      },
    };
    new Function('document', 'location', script)(document, { pathname });
    return added;
  }

  it.each([
    ['/message', 'features/messages/message-page.tsx'],
    ['/indexNew', 'features/home/index-new-page.tsx'],
  ])('asks on %s for the screen’s stylesheet, render-blocking and marked for the drawing script', (path, module) => {
    const css = cssOf(module);
    expect(css.length).toBeGreaterThan(0);
    expect(parsedOn(path)).toEqual(
      css.map((file) =>
        expect.objectContaining({
          rel: 'stylesheet',
          href: `/${file}`,
          attributes: { blocking: 'render', 'data-drawn': '' },
        }),
      ),
    );
  });

  it('asks on /rights for the stylesheet it shares with /noRights and pull to refresh’s, render-blocking', () => {
    const asked = parsedOn('/rights');
    expect(asked.map((link) => String(link.href).replace(/-[\w-]{8}\.css$/, '.css')).sort()).toEqual([
      '/assets/pull-to-refresh.css',
      '/assets/rights.css',
    ]);
    for (const link of asked) expect(link.attributes).toEqual({ blocking: 'render', 'data-drawn': '' });
  });

  it('asks for nothing on the other paths', () => {
    // /mine's header needs only the inlined global stylesheet (decision 0050).
    for (const path of ['/index', '/', '/mine', '/servList']) expect(parsedOn(path)).toEqual([]);
  });
});

describe('index.html, which every path downloads before its first paint (decision 0057)', () => {
  // main before decision 0057 (4b5abf6): the document 44,997 B, its inline scripts 23,704 B.
  const DOCUMENT_BYTES = 44_997;
  const INLINE_SCRIPT_BYTES = 23_704;
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

  it(`stays within ${DOCUMENT_BYTES} B, its inline scripts within ${INLINE_SCRIPT_BYTES} B`, () => {
    expect(bytes(html)).toBeLessThanOrEqual(DOCUMENT_BYTES);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(bytes(inline.join(''))).toBeLessThanOrEqual(INLINE_SCRIPT_BYTES);
  });

  it('carries each typed boot module compiled in place of its entry (build/vite-plugins/boot-scripts.ts)', () => {
    expect(html).not.toContain('data-boot-entry');
    const mine = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].find((m) => m[1].includes('mine__phone'));
    expect(mine?.[1]).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(cdnPolicy).toContain(`'sha256-${createHash('sha256').update(mine![1], 'utf8').digest('base64')}'`);
  });

  it('carries no HTML comment, nor the inline scripts’ indentation', () => {
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/<script>[^<]*\n {2,}/);
  });
});

describe('the Content-Security-Policy for a CDN (dist/index.html.csp)', () => {
  it('is the policy the gateway sends with the built index.html, allowing each inline script by its hash', () => {
    expect(cdnPolicy.trim()).toBe(policyForHtml(html));
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline)
      expect(cdnPolicy).toContain(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  });
});
