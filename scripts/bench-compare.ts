/**
 * `npm run bench -- --compare DIR`: two builds side by side in one run. The gateway serves each
 * build from a process of its own (`DIST_DIR`); every first screen is visited as a guest and as
 * the logged-in customer, cold (a fresh context) then warm (a second page in it), the two builds
 * in turn (scripts/build-comparison.ts, `schedule`). A visit counts only when the app itself has
 * rendered the screen's content at its path; otherwise it is reported with its reason. Figures
 * are printed, nothing about time is asserted.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { logIn, OBSERVE, phone, type Session } from './bench-returning';
import {
  type Build,
  BUILDS,
  comparisonTable,
  type CriticalPath,
  type DocumentSize,
  documentSize,
  gzipBytes,
  medianCriticalPath,
  type Row,
  runsTable,
  type Sample,
  schedule,
  type SizeRow,
  sizesTable,
} from './build-comparison';
import { type GatewayProcess, startGateway } from './gateway-process';

export interface CompareOptions {
  /** Each build's directory (a `vite build` output). */
  dists: Record<Build, string>;
  runs: number;
  /** Only these first screens (`--screens /mine,/rights`); all when empty. */
  screens: string[];
  chromium: string;
  flags: string[];
  userAgent: string;
}

type Visitor = 'guest' | 'customer';

interface Case {
  screen: string;
  visitor: Visitor;
  /** Elements the app (not the page's boot drawing) must have rendered: the screen's content. */
  shows: string[];
}

/** What a guest sees on a screen that needs a login: the screen's "log in" view. */
const GUEST_VIEW = '.guest-view';

/** Every first screen (decision 0057), guest and customer, with what its content is. */
export const CASES: Case[] = [
  { screen: '/index', visitor: 'guest', shows: ['.home .banner__title', '.login-hint'] },
  { screen: '/index', visitor: 'customer', shows: ['.home .banner__title', '.rights-summary__count'] },
  { screen: '/indexNew', visitor: 'guest', shows: ['.home-new', '.login-hint'] },
  { screen: '/indexNew', visitor: 'customer', shows: ['.home-new', '.rights-summary__count'] },
  { screen: '/mine', visitor: 'guest', shows: [GUEST_VIEW] },
  { screen: '/mine', visitor: 'customer', shows: ['.mine__name'] },
  { screen: '/message', visitor: 'guest', shows: [GUEST_VIEW] },
  { screen: '/message', visitor: 'customer', shows: ['.notice-item'] },
  { screen: '/rights', visitor: 'guest', shows: [GUEST_VIEW] },
  { screen: '/rights', visitor: 'customer', shows: ['.right-card'] },
];

/** On screen in no counted visit: the router's error page; for the customer, a guest's views. */
const NEVER = ['.route-error'];
const NEVER_FOR_CUSTOMER = [GUEST_VIEW, '.login-hint'];

/** How long the app may take to show a screen's content on a busy machine before the run fails. */
const SHOWN_WITHIN_MS = 30_000;

/**
 * Notes in `window.__shownAt` when every selector first matches an element React rendered (it
 * carries React's fiber key; the boot drawing's copies do not). Plain JavaScript: tsx would name
 * inner functions with a helper the page does not have.
 */
const watchShown = (selectors: string[]) => `(() => {
  var selectors = ${JSON.stringify(selectors)};
  function byApp(selector) {
    var found = document.querySelectorAll(selector);
    for (var i = 0; i < found.length; i += 1)
      if (Object.keys(found[i]).some(function (k) { return k.indexOf('__reactFiber$') === 0; })) return true;
    return false;
  }
  var observer = new MutationObserver(function () {
    if (window.__shownAt !== undefined || !selectors.every(byApp)) return;
    window.__shownAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true });
})()`;

/** Describes the element of the latest largest-contentful-paint entry in `window.__lcpElement`. */
const WATCH_LCP_ELEMENT = `(() => {
  new PerformanceObserver(function (list) {
    var entries = list.getEntries();
    var el = entries[entries.length - 1].element;
    if (!el) return;
    var app = Object.keys(el).some(function (k) { return k.indexOf('__reactFiber$') === 0; });
    var cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/)[0] : '';
    window.__lcpElement = el.tagName.toLowerCase() + cls + (app ? ' (app)' : ' (boot)');
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})()`;

/** What the page says about itself once quiet. */
const READ_PAGE = (never: string[]) => `(() => ({
  lcp: window.__lcp,
  cls: window.__cls,
  element: window.__lcpElement,
  shownAt: window.__shownAt,
  path: location.pathname,
  never: ${JSON.stringify(never)}.filter(function (s) { return document.querySelector(s); }),
  code: performance.getEntriesByType('resource')
    .filter(function (e) { return new URL(e.name).origin === location.origin && /\\.(js|css)$/.test(new URL(e.name).pathname); })
    .map(function (e) { return { path: new URL(e.name).pathname, at: e.startTime }; }),
}))()`;

interface PageState {
  lcp: number;
  cls: number;
  element?: string;
  shownAt?: number;
  path: string;
  never: string[];
  code: { path: string; at: number }[];
}

interface Visit {
  sample: Sample;
  /** Cold visits only: the document as sent and the JS+CSS asked for before the app showed the screen. */
  document?: DocumentSize;
  critical?: CriticalPath;
}

const failed = (reason: string): Visit => ({ sample: { failed: reason } });

/** Sizes of the build's files at gzip level 9, read once. */
function gzipOfFile(dist: string, cache: Map<string, number>, path: string): number {
  const file = join(dist, decodeURIComponent(path));
  let size = cache.get(file);
  if (size === undefined) {
    size = gzipBytes(readFileSync(file));
    cache.set(file, size);
  }
  return size;
}

/** Opens the case's screen in `page` and measures it once the network is quiet. */
async function visit(page: Page, c: Case, cold: boolean, dist: string, gzipCache: Map<string, number>): Promise<Visit> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message.split('\n')[0]));
  const response = await page.goto(`${c.screen}?indexCode=index`).catch((error: Error) => error);
  if (response instanceof Error) return failed(`navigation failed: ${response.message.split('\n')[0]}`);
  if (!response || ![200, 304].includes(response.status()))
    return failed(`the document answered HTTP ${response?.status() ?? 'nothing'}`);
  const html = cold ? await response.text() : undefined;
  const shown = await page
    .waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt !== undefined, undefined, {
      timeout: SHOWN_WITHIN_MS,
    })
    .then(() => true)
    .catch(() => false);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000);
  const state = (await page.evaluate(
    READ_PAGE(c.visitor === 'customer' ? [...NEVER, ...NEVER_FOR_CUSTOMER] : NEVER),
  )) as PageState;
  if (!shown) return failed(`the app did not show ${c.shows.join(' and ')} within ${SHOWN_WITHIN_MS / 1000} s`);
  if (state.path !== c.screen) return failed(`the page moved to ${state.path}`);
  if (state.never.length) return failed(`the page shows ${state.never.join(' and ')}`);
  if (errors.length) return failed(`page error: ${errors[0]}`);
  if (!(state.lcp > 0)) return failed('no largest-contentful-paint entry');
  const result: Visit = { sample: { lcp: state.lcp, cls: state.cls, element: state.element } };
  if (html !== undefined) {
    result.document = documentSize(html);
    const files = [...new Set(state.code.filter((r) => r.at <= state.shownAt!).map((r) => r.path))];
    result.critical = {
      files: files.length,
      gzip: files.reduce((n, path) => n + gzipOfFile(dist, gzipCache, path), 0),
    };
  }
  return result;
}

/** One cold visit in a fresh context, then a warm one in a second page of the same context. */
async function coldAndWarm(
  browser: Browser,
  baseUrl: string,
  userAgent: string,
  c: Case,
  session: Session | undefined,
  dist: string,
  gzipCache: Map<string, number>,
): Promise<{ cold: Visit; warm: Visit }> {
  const context = await phone(browser, { baseUrl, userAgent }, session);
  try {
    await context.addInitScript(OBSERVE);
    await context.addInitScript(WATCH_LCP_ELEMENT);
    await context.addInitScript(watchShown(c.shows));
    const first = await context.newPage();
    const cold = await visit(first, c, true, dist, gzipCache);
    await first.close();
    const again = await context.newPage();
    const warm = await visit(again, c, false, dist, gzipCache);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const key = (c: Case) => `${c.screen} ${c.visitor}`;
const now = () => new Date().toISOString().slice(11, 16);
const load = () => `load ${loadavg()[0].toFixed(1)}`;

export async function compareBuilds(options: CompareOptions): Promise<void> {
  const unknown = options.screens.filter((screen) => !CASES.some((c) => c.screen === screen));
  if (unknown.length)
    throw new Error(
      `--screens takes first screens among ${[...new Set(CASES.map((c) => c.screen))].join(', ')} (got ${unknown.join(', ')})`,
    );
  const cases = CASES.filter((c) => !options.screens.length || options.screens.includes(c.screen));
  console.log(
    `\n## Two builds side by side: old ${options.dists.old}, new ${options.dists.new}; ${options.runs} runs each, alternating`,
  );
  console.log(
    `  Chromium, 375x812 at DPR 2, WeChat UA, no throttling; from ${now()} UTC, ${load()}. LCP: median, ms; CLS: the worst run.`,
  );
  const gateways: Partial<Record<Build, GatewayProcess>> = {};
  const browser = await chromium.launch({ executablePath: options.chromium, args: options.flags });
  try {
    for (const build of BUILDS) gateways[build] = await startGateway({ env: { DIST_DIR: options.dists[build] } });
    const sessions = {} as Record<Build, Session>;
    for (const build of BUILDS)
      sessions[build] = await logIn(browser, { baseUrl: gateways[build]!.baseUrl, userAgent: options.userAgent });

    const samples = new Map<string, Record<Build, { cold: Sample[]; warm: Sample[] }>>();
    const documents = new Map<string, Partial<Record<Build, DocumentSize>>>();
    const critical = new Map<string, Record<Build, CriticalPath[]>>();
    for (const c of cases) {
      samples.set(key(c), { old: { cold: [], warm: [] }, new: { cold: [], warm: [] } });
      documents.set(key(c), {});
      critical.set(key(c), { old: [], new: [] });
    }
    const gzipCache = new Map<string, number>();
    const order = schedule(options.runs, cases);
    for (const [i, { round, case: c, build }] of order.entries()) {
      const session = c.visitor === 'customer' ? sessions[build] : undefined;
      const { cold, warm } = await coldAndWarm(
        browser,
        gateways[build]!.baseUrl,
        options.userAgent,
        c,
        session,
        options.dists[build],
        gzipCache,
      );
      samples.get(key(c))![build].cold.push(cold.sample);
      samples.get(key(c))![build].warm.push(warm.sample);
      if (cold.document) documents.get(key(c))![build] ??= cold.document;
      if (cold.critical) critical.get(key(c))![build].push(cold.critical);
      if ((i + 1) % (2 * cases.length) === 0)
        console.log(`  round ${round + 1} of ${options.runs} done at ${now()} UTC, ${load()}`);
    }

    const rows: Row[] = cases.flatMap((c) =>
      (['cold', 'warm'] as const).map((cache) => ({
        screen: c.screen,
        visitor: c.visitor,
        cache,
        old: samples.get(key(c))!.old[cache],
        new: samples.get(key(c))!.new[cache],
      })),
    );
    console.log('');
    for (const line of comparisonTable(rows)) console.log(line);
    console.log('');
    for (const line of runsTable(rows)) console.log(line);

    console.log(
      '\n  Sizes, exact: the document as sent (bytes, gzip), its inline scripts, and the JS+CSS the page asked for before the app showed the screen (cold, gzip level 9 of the build’s files, median run)\n',
    );
    const sizes: SizeRow[] = cases.map((c) => ({
      screen: c.screen,
      visitor: c.visitor,
      document: { old: documents.get(key(c))!.old, new: documents.get(key(c))!.new },
      critical: {
        old: medianCriticalPath(critical.get(key(c))!.old),
        new: medianCriticalPath(critical.get(key(c))!.new),
      },
    }));
    for (const line of sizesTable(sizes)) console.log(line);
    console.log(`\n  finished at ${now()} UTC, ${load()}`);
  } finally {
    await browser.close();
    for (const build of BUILDS) await gateways[build]?.stop();
  }
}
