/**
 * The arithmetic and the tables of `npm run bench -- --compare` (scripts/bench-compare.ts): which
 * build is visited when, the medians and ratios, and the tables it prints, as Markdown that
 * docs/performance.md can take as it is. No browser here: tests/unit/build-comparison.test.ts.
 */
import { gzipSync } from 'node:zlib';

/** The two builds: the one compared against (`--compare DIR`), and this checkout's. */
export const BUILDS = ['old', 'new'] as const;
export type Build = (typeof BUILDS)[number];

/** A counted visit: LCP (ms), CLS, and the element of the largest contentful paint. */
export interface Counted {
  lcp: number;
  cls: number;
  /** `tag.class`, `(app)` when React rendered it, `(boot)` when the page drew it before the app. */
  element?: string;
}

/** One visit's figures, or why it was not counted. */
export type Sample = Counted | { failed: string };

export const counted = (s: Sample): s is Counted => !('failed' in s);

/**
 * The order of the visits: round by round, each case in turn, the old build then the new one, so
 * the two builds alternate (A B A B) and the machine's drift over the run falls on both alike.
 */
export function schedule<C>(runs: number, cases: readonly C[]): { round: number; case: C; build: Build }[] {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number from 1 (got ${runs})`);
  const order: { round: number; case: C; build: Build }[] = [];
  for (let round = 0; round < runs; round += 1)
    for (const c of cases) for (const build of BUILDS) order.push({ round, case: c, build });
  return order;
}

/** The middle value, or the mean of the two middle ones; undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** new ÷ old; undefined when either is missing or old is 0 (nothing to compare against). */
export function ratio(old: number | undefined, next: number | undefined): number | undefined {
  if (old === undefined || next === undefined || old === 0) return undefined;
  return next / old;
}

export interface Summary {
  /** Median LCP of the counted runs, ms. */
  lcp?: number;
  /** The worst CLS of the counted runs: a shift that happens now and then is a shift. */
  cls?: number;
  counted: number;
  runs: number;
  /** Why runs were not counted, each reason once. */
  failures: string[];
}

export function summarize(samples: readonly Sample[]): Summary {
  const good = samples.filter(counted);
  return {
    lcp: median(good.map((s) => s.lcp)),
    cls: good.length ? Math.max(...good.map((s) => s.cls)) : undefined,
    counted: good.length,
    runs: samples.length,
    failures: [...new Set(samples.filter((s) => !counted(s)).map((s) => (s as { failed: string }).failed))],
  };
}

export interface Row {
  screen: string;
  visitor: 'guest' | 'customer';
  cache: 'cold' | 'warm';
  old: Sample[];
  new: Sample[];
}

const ms = (n: number | undefined) => (n === undefined ? 'failed' : `${Math.round(n)}`);
const shift = (n: number | undefined) => (n === undefined ? 'failed' : n.toFixed(3));
const times = (r: number | undefined) => (r === undefined ? '–' : `×${r.toFixed(2)}`);

/** Lines of a Markdown table, its columns padded for the terminal; `right` marks right-aligned ones. */
export function markdownTable(head: string[], rows: string[][], right: boolean[] = []): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...rows.map(line)];
}

/**
 * The LCP and CLS table: one row per screen, visitor and cache; the median LCP of each build,
 * new ÷ old, the worst CLS of each, and how many runs of each were counted. Below it, each
 * failed run's reason.
 */
export function comparisonTable(rows: readonly Row[]): string[] {
  const body = rows.map((r) => {
    const [o, n] = [summarize(r.old), summarize(r.new)];
    return [
      r.screen,
      r.visitor,
      r.cache,
      ms(o.lcp),
      ms(n.lcp),
      times(ratio(o.lcp, n.lcp)),
      shift(o.cls),
      shift(n.cls),
      `${o.counted}/${o.runs} · ${n.counted}/${n.runs}`,
    ];
  });
  const lines = markdownTable(
    ['screen', 'visitor', 'cache', 'LCP old', 'LCP new', 'new/old', 'CLS old', 'CLS new', 'runs counted'],
    body,
    [false, false, false, true, true, true, true, true, true],
  );
  for (const r of rows)
    for (const build of BUILDS)
      for (const reason of summarize(r[build]).failures)
        lines.push(`  not counted: ${r.screen} ${r.visitor} ${r.cache}, ${build}: ${reason}`);
  return lines;
}

/**
 * Each run beside the medians: every build's LCPs in the order they were measured (`✗` for a run
 * not counted) and the elements that were its largest contentful paint.
 */
export function runsTable(rows: readonly Row[]): string[] {
  const runs = (samples: readonly Sample[]) =>
    samples.map((s) => (counted(s) ? `${Math.round(s.lcp)}` : '✗')).join(' ');
  const elements = (samples: readonly Sample[]) =>
    [...new Set(samples.filter(counted).map((s) => s.element ?? '?'))].join(', ') || '–';
  return markdownTable(
    ['screen', 'visitor', 'cache', 'LCP old, each run', 'LCP new, each run', 'LCP element old', 'LCP element new'],
    rows.map((r) => [r.screen, r.visitor, r.cache, runs(r.old), runs(r.new), elements(r.old), elements(r.new)]),
  );
}

/** The inline scripts of a document (`<script>` without attributes), as the size test counts them. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

export const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');
export const gzipBytes = (data: string | Uint8Array) => gzipSync(data, { level: 9 }).length;

/** What a path's document weighs, as the gateway sent it. */
export interface DocumentSize {
  bytes: number;
  gzip: number;
  inlineScripts: number;
}

export function documentSize(html: string): DocumentSize {
  return { bytes: utf8Bytes(html), gzip: gzipBytes(html), inlineScripts: utf8Bytes(inlineScripts(html).join('')) };
}

/** The JS and CSS a screen asked for before the app showed it, summed at gzip level 9. */
export interface CriticalPath {
  files: number;
  gzip: number;
}

/** The run of median weight (the heavier of the middle two): the files and bytes of one real visit. */
export function medianCriticalPath(paths: readonly CriticalPath[]): CriticalPath | undefined {
  const sorted = [...paths].sort((a, b) => a.gzip - b.gzip);
  return sorted[Math.floor(sorted.length / 2)];
}

export interface SizeRow {
  screen: string;
  visitor: 'guest' | 'customer';
  /** Each undefined when no cold run of that build was counted. */
  document: Record<Build, DocumentSize | undefined>;
  critical: Record<Build, CriticalPath | undefined>;
}

const bytes = (n: number) => n.toLocaleString('en-US');
const delta = (old: number | undefined, next: number | undefined) =>
  old === undefined || next === undefined ? '–' : `${next - old >= 0 ? '+' : ''}${bytes(next - old)}`;

/**
 * The sizes table: per path, the document as sent (bytes, gzip) and its inline scripts, and the
 * critical-path JS+CSS (files, gzip) of each build, with the difference new − old.
 */
export function sizesTable(rows: readonly SizeRow[]): string[] {
  const critical = (c: CriticalPath | undefined) => (c ? `${bytes(c.gzip)} (${c.files})` : 'failed');
  const document = (d: DocumentSize | undefined) => (d ? `${bytes(d.bytes)} (${bytes(d.gzip)})` : 'failed');
  const inline = (d: DocumentSize | undefined) => (d ? bytes(d.inlineScripts) : 'failed');
  const body = rows.map((r) => [
    r.screen,
    r.visitor,
    document(r.document.old),
    document(r.document.new),
    inline(r.document.old),
    inline(r.document.new),
    delta(r.document.old?.inlineScripts, r.document.new?.inlineScripts),
    critical(r.critical.old),
    critical(r.critical.new),
    delta(r.critical.old?.gzip, r.critical.new?.gzip),
  ]);
  return markdownTable(
    [
      'screen',
      'visitor',
      'document old (gzip)',
      'document new (gzip)',
      'inline JS old',
      'inline JS new',
      'new − old',
      'JS+CSS old, gzip (files)',
      'JS+CSS new, gzip (files)',
      'new − old',
    ],
    body,
    [false, false, true, true, true, true, true, true, true, true],
  );
}
