/**
 * `E2E_INP=1 npm run test:e2e` (docs/performance.md): every page of the suite runs under 4×
 * CPU slowdown (CDP) and records each tap's interaction latency from the Event Timing API, the
 * way INP is measured; the suite prints the figures at its end (decision 0031). Figures are
 * printed, never asserted: the shared machine's timing is not a test's to judge.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { sizeWindow, type WindowSize } from '../../scripts/phone-window';

export const INP_ON = process.env.E2E_INP === '1' || process.env.E2E_INP === 'emulated';
/** `E2E_INP=emulated`: the phone as the ordinary run emulates it, to compare with (decision 0044). */
export const INP_WINDOW = process.env.E2E_INP === '1';
export const CPU_SLOWDOWN = 4;

/** An interaction of 16 ms or more: where it happened, on what, and its longest event. */
export interface SlowTap {
  path: string;
  /** The test file it happened in. */
  file?: string;
  target: string;
  ms: number;
  /**
   * Over SLOW_TAP_MS: the long animation frames it overlapped (Long Animation Frames API), each
   * with its longest scripts, so the summary says what held the tap's frame.
   */
  why?: string;
}

/** A tap slower than this gets its frames' scripts named in the summary. */
export const SLOW_TAP_MS = 100;

/** What one test file saw. */
export interface Taps {
  /** Every tap (pointerdown) on every page. */
  count: number;
  /** The taps whose interaction took 16 ms or more (Event Timing reports no shorter ones). */
  slow: SlowTap[];
}

let count = 0;
const slow = new Map<string, SlowTap>();

/** The page side: each tap, and each pointer interaction's events of 16 ms or more, to the test. */
const OBSERVE = (slowTapMs: number) => {
  const w = window as unknown as {
    __inp: (kind: 'tap' | 'event' | 'why', key: string, ms: number, target: string) => void;
  };
  type Script = {
    duration: number;
    invoker: string;
    invokerType: string;
    sourceURL: string;
    sourceFunctionName: string;
  };
  type Frame = PerformanceEntry & { blockingDuration: number; renderStart: number; scripts: Script[] };
  const frames: Frame[] = [];
  const file = (url: string) => url.replace(/^.*\//, '').replace(/[?#].*$/, '');
  // What held a slow tap's frames: each overlapping frame's length, when its rendering began and
  // its three longest scripts (what invoked them, in which function of which file).
  const why = (start: number, end: number) =>
    frames
      .filter((f) => f.startTime < end && f.startTime + f.duration > start)
      .map((f) => {
        const scripts = [...f.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map(
            (s) =>
              `${Math.round(s.duration)} ms ${s.invokerType} ${s.invoker} ${s.sourceFunctionName || '?'}@${file(s.sourceURL)}`,
          );
        return `frame +${Math.round(f.startTime - start)} ms, ${Math.round(f.duration)} ms, render at +${Math.round(f.renderStart - f.startTime)} ms: ${scripts.join('; ') || 'no script'}`;
      })
      .join(' | ');
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
    new PerformanceObserver((list) => {
      frames.push(...(list.getEntries() as Frame[]));
      frames.splice(0, Math.max(0, frames.length - 200));
    }).observe({ type: 'long-animation-frame', buffered: true });
  const doc = Math.random().toString(36).slice(2);
  const name = (node: unknown) => {
    if (!(node instanceof Element)) return '?';
    const label = node.getAttribute('aria-label');
    const cls = typeof node.className === 'string' ? node.className.trim().split(/\s+/)[0] : '';
    return `${node.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${label ? `[${label}]` : ''}`;
  };
  // Each tap's target by its time: an event whose node has left the DOM (the tap navigated)
  // reports no target of its own.
  const tapped: { at: number; target: string }[] = [];
  const tappedBefore = (at: number) => tapped.findLast((t) => t.at <= at + 1)?.target ?? '?';
  addEventListener(
    'pointerdown',
    (e) => {
      const target = name(e.target);
      tapped.push({ at: e.timeStamp, target });
      tapped.splice(0, Math.max(0, tapped.length - 20));
      w.__inp('tap', doc, 0, target);
    },
    { capture: true, passive: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number; target?: Node })[]) {
      if (entry.interactionId && /^(pointer|click|mouse)/.test(entry.name)) {
        const key = `${doc}:${entry.interactionId}`;
        w.__inp('event', key, entry.duration, entry.target ? name(entry.target) : tappedBefore(entry.startTime));
        // The frame's own entry may come after the event's: what has come at once (a tap that
        // navigates away may leave no later moment), then again once both are in.
        const { startTime, duration } = entry;
        const tell = () =>
          w.__inp('why', key, duration, why(startTime, startTime + duration) || 'no long animation frame');
        if (duration > slowTapMs) {
          tell();
          setTimeout(tell, 300);
        }
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/**
 * Sizes the page's window so that its viewport is `size` (unless emulated; decision 0044,
 * scripts/phone-window.ts), and slows the page down.
 */
async function prepare(page: Page, size: WindowSize | undefined): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  if (size) await sizeWindow(cdp, page, size);
  // The session stays attached: the slowdown ends with it.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Slows every page of `context` down, in a window of `size` unless emulated, and records its taps. */
export async function recordTaps(context: BrowserContext, size: WindowSize | undefined): Promise<void> {
  await context.exposeBinding(
    '__inp',
    ({ page }, kind: 'tap' | 'event' | 'why', key: string, ms: number, target: string) => {
      if (kind === 'tap') {
        count += 1;
        return;
      }
      if (kind === 'why') {
        // The frames of the interaction's longest event.
        const seen = slow.get(key);
        if (seen && Math.round(ms) >= seen.ms) seen.why = target;
        return;
      }
      // An interaction's latency is its longest event (pointerdown, pointerup, click).
      const seen = slow.get(key);
      if (!seen) slow.set(key, { path: new URL(page.url()).pathname, target, ms: Math.round(ms) });
      else if (ms > seen.ms) seen.ms = Math.round(ms);
    },
  );
  await context.addInitScript(OBSERVE, SLOW_TAP_MS);
  const prepared = new WeakMap<Page, Promise<void>>();
  const prepareOnce = (page: Page) => {
    let ready = prepared.get(page);
    if (!ready) {
      ready = prepare(page, size).catch(() => undefined);
      prepared.set(page, ready);
    }
    return ready;
  };
  // A page the test opens is ready before the test uses it; one the page opens, as soon as can be.
  context.on('page', (page) => void prepareOnce(page));
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await prepareOnce(page);
    return page;
  };
}

/** Writes this file's taps for the suite's summary (global-setup.ts prints it). */
export function saveTaps(runDir: string, file: string): void {
  if (!INP_ON || count === 0) return;
  const taps: Taps = { count, slow: [...slow.values()].map((t) => ({ ...t, file })) };
  writeFileSync(join(runDir, `taps-${process.pid}-${Date.now()}.json`), JSON.stringify(taps));
}

/** The summary of every file's taps in `runDir`, or undefined when none were recorded. */
export function summarizeRun(runDir: string): string | undefined {
  const files = readdirSync(runDir).filter((f) => /^taps-.*\.json$/.test(f));
  if (files.length === 0) return undefined;
  return summarize(files.map((f) => JSON.parse(readFileSync(join(runDir, f), 'utf8')) as Taps));
}

/** The suite's figures: taps, p50, p98, max (a tap below 16 ms counts as 0), and the slowest. */
export function summarize(files: Taps[]): string {
  const count = files.reduce((n, f) => n + f.count, 0);
  const slow = files.flatMap((f) => f.slow).sort((a, b) => a.ms - b.ms);
  if (count === 0) return 'INP: no taps recorded';
  // Ascending: the fast taps (no Event Timing entry) first, then the slow ones.
  const ms = [...Array<number>(Math.max(0, count - slow.length)).fill(0), ...slow.map((t) => t.ms)];
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)];
  const shown = (value: number) => (value === 0 ? '< 16 ms' : `${value} ms`);
  return [
    `INP of the e2e journeys' taps under ${CPU_SLOWDOWN}× CPU slowdown (Event Timing; target p98 ≤ 100 ms):`,
    `  ${count} taps, ${slow.length} of 16 ms or more: p50 ${shown(at(0.5))}, p98 ${shown(at(0.98))}, max ${shown(ms.at(-1)!)}`,
    '  the slowest:',
    ...slow
      .slice(-10)
      .reverse()
      .flatMap((t) => [
        `    ${shown(t.ms).padStart(8)}  ${t.path}  ${t.target}${t.file ? `  (${t.file})` : ''}`,
        ...(t.why ? [`              ${t.why}`] : []),
      ]),
  ].join('\n');
}
