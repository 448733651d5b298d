import { createHash } from 'node:crypto';
import { policyForHtml } from '../../gateway/src/csp';
import { buildInMemory, type FirstScreen, firstScreen, HEAVY_MODULES } from '../../scripts/first-screen';

/** At most 120 KB (1 KB = 1024 B) of gzip JS+CSS before the home is usable, ≤ 6 files. */
const BUDGET_BYTES = 120 * 1024;
const MAX_FILES = 6;

let first: FirstScreen;
let html: string;
let cdnPolicy: string;

beforeAll(async () => {
  const output = await buildInMemory();
  first = firstScreen(output);
  const page = output.find((o) => o.fileName === 'index.html');
  html = page?.type === 'asset' ? String(page.source) : '';
  const policy = output.find((o) => o.fileName === 'index.html.csp');
  cdnPolicy = policy?.type === 'asset' ? String(policy.source) : '';
}, 120_000);

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

  it.each([
    ['modulepreload', true],
    ['preload', false],
  ])('asks for the chunks as %s where modulepreload support is %s (no polyfill)', (rel, supported) => {
    const loader = /<script>(\(function\(\)\{var done[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const added: Array<Record<string, unknown>> = [];
    const document = {
      head: { appendChild: (element: Record<string, unknown>) => added.push(element) },
      createElement: (tag: string) => ({ tag, relList: { supports: (value: string) => supported && value === rel } }),
    };
    const run = (task: () => void) => task();
    new Function('document', 'requestAnimationFrame', 'setTimeout', loader)(document, run, run);
    const links = added.filter((element) => element.tag === 'link');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatchObject({ rel, as: 'script', crossOrigin: '' });
    expect(added.filter((element) => element.tag === 'script')).toHaveLength(1);
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
