/**
 * Failures on the customer's phone, for real-user monitoring (decision 0062): uncaught errors,
 * unhandled rejections, chunks that did not load, calls without an answer. Part of the entry, so
 * failures before the monitoring's chunk loads are kept; that chunk (app/rum.ts) reports them.
 * Only a kind and a message go on; the message is hashed there, never sent.
 */
import type { RumErrorKind } from '@contract/rum';

/** At most this many distinct failures are reported per page load: an error in a loop is one report. */
export const MAX_FAILURES_PER_PAGE = 5;

type Sink = (kind: RumErrorKind, message: string) => void;

let sink: Sink | undefined;
const waiting: [RumErrorKind, string][] = [];
const seen = new Set<string>();

/** Records a failure: reported once the monitoring has started, at most once per kind and message. */
export function reportFailure(kind: RumErrorKind, message: string): void {
  const key = `${kind} ${message}`;
  if (seen.has(key) || seen.size >= MAX_FAILURES_PER_PAGE) return;
  seen.add(key);
  if (sink) sink(kind, message);
  else waiting.push([kind, message]);
}

/** The monitoring starts: `next` receives the failures so far and every later one. */
export function onFailure(next: Sink): void {
  sink = next;
  for (const [kind, message] of waiting.splice(0)) next(kind, message);
}

const messageOf = (reason: unknown): string =>
  reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason).slice(0, 500);

/**
 * An `error` event's message: its error's, else its own. A bare `Event('error')` (a script or an
 * SDK dispatching one) has neither, and the message must still be a string (decision 0068).
 */
function errorMessage(event: ErrorEvent): string {
  if (event.error) return messageOf(event.error);
  return typeof event.message === 'string' ? event.message : `${event.constructor.name}: ${event.type}`;
}

/** Listens for uncaught errors, unhandled rejections and chunks that fail to load (main.tsx, at start). */
export function installFailureListeners(): void {
  window.addEventListener('error', (event) => reportFailure('error', errorMessage(event)));
  window.addEventListener('unhandledrejection', (event) => reportFailure('rejection', messageOf(event.reason)));
  // Vite's preload helper fires this when a chunk or its stylesheet does not load.
  window.addEventListener('vite:preloadError', (event) =>
    reportFailure('chunk', messageOf((event as Event & { payload?: unknown }).payload)),
  );
}

/** Forgets what was reported (tests). */
export function resetFailures(): void {
  sink = undefined;
  waiting.length = 0;
  seen.clear();
}
