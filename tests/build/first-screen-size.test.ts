import { createHash } from 'node:crypto';
import { inject } from 'vitest';
import { policyForHtml } from '../../gateway/src/csp';
import { type FirstScreen, firstScreen, HEAVY_MODULES } from '../../scripts/first-screen';

/** At most 120 KB (1 KB = 1024 B) of gzip JS+CSS before the home is usable, ≤ 6 files. */
const BUDGET_BYTES = 120 * 1024;
const MAX_FILES = 6;

let first: FirstScreen;
let chunkFiles: Record<string, string>;
let html: string;
let cdnPolicy: string;

beforeAll(() => {
  // Built once for the project (tests/build/global-setup.ts).
  const output = inject('builtFiles');
  first = firstScreen(output);
  chunkFiles = Object.fromEntries(
    output.flatMap((o) => (o.type === 'chunk' && o.facadeModuleId ? [[o.facadeModuleId, o.fileName]] : [])),
  );
  const page = output.find((o) => o.fileName === 'index.html');
  html = page?.type === 'asset' ? String(page.source) : '';
  const policy = output.find((o) => o.fileName === 'index.html.csp');
  cdnPolicy = policy?.type === 'asset' ? String(policy.source) : '';
});

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

  it('fetches no JavaScript before the first paint, and every first-screen chunk right after it', () => {
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/rel="modulepreload"/);
    const loader = /<script>(\(function\(\)\{var done[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('requestAnimationFrame');
    const scripts = first.files.filter((f) => f.fileName.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const { fileName } of scripts) expect(loader).toContain(`"/${fileName}"`);
  });

  /** The links and scripts the inline loader adds on `pathname`, with modulepreload `supported` or not. */
  function runLoader(pathname: string, supported = true) {
    const loader = /<script>(\(function\(\)\{var done[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const added: Array<Record<string, unknown>> = [];
    const document = {
      head: { appendChild: (element: Record<string, unknown>) => added.push(element) },
      createElement: (tag: string) => ({
        tag,
        relList: { supports: (value: string) => supported && value === 'modulepreload' },
      }),
    };
    const run = (task: () => void) => task();
    new Function('document', 'requestAnimationFrame', 'setTimeout', 'location', loader)(document, run, run, {
      pathname,
    });
    return {
      links: added.filter((element) => element.tag === 'link'),
      scripts: added.filter((element) => element.tag === 'script'),
    };
  }
  const fileOf = (module: string) =>
    `/${Object.entries(chunkFiles).find(([id]) => id.endsWith(`/src/${module}`))?.[1] ?? module}`;

  it.each([
    ['modulepreload', true],
    ['preload', false],
  ])('asks for the chunks as %s where modulepreload support is %s (no polyfill)', (rel, supported) => {
    const { links, scripts } = runLoader('/index', supported as boolean);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatchObject({ rel, as: 'script', crossOrigin: '' });
    expect(scripts).toHaveLength(1);
  });

  it.each([
    ['/message', ['features/messages/message-page.tsx', 'app/route-data.ts']],
    ['/rights', ['features/rights/rights-page.tsx', 'app/route-data.ts']],
    ['/indexNew', ['features/home/index-new-page.tsx', 'app/route-data.ts']],
    ['/mine', ['features/mine/mine-page.tsx']],
  ])('opened on %s, also asks for that screen’s chunks beside the entry', (path, modules) => {
    const hrefs = (at: string) => runLoader(at).links.map((link) => link.href);
    for (const module of modules) {
      expect(hrefs(path)).toContain(fileOf(module));
      expect(hrefs('/index')).not.toContain(fileOf(module));
    }
    expect(hrefs(path)).toEqual(expect.arrayContaining(hrefs('/index')));
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
