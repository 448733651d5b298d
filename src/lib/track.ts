import { useUserStore } from '@/stores/user';
import { readIndexCode } from './index-code';

/**
 * Analytics: page views and key taps, sent with B/md/sendMq. `track()` only queues;
 * the sender (and with it the request client) is loaded on demand, so nothing here weighs on
 * the first screen (decision 0003). Rules, from docs/product.md §8.2:
 *  - at most one sendMq in flight; events wait in a queue and go one after another, flushed
 *    on a short timer;
 *  - nothing is sent while `navigator.onLine` is false (the queue waits for `online`);
 *  - a failed event is dropped, never retried; it toasts by docs/product.md §8 like any call, once per
 *    batch (one flush, or the events sent on page exit): the batch shares a `toastGroup`
 *    (docs/decisions/0005);
 *  - when the page is hidden or closed the rest of the queue goes out with fetch `keepalive`
 *    — the one moment several may be in flight, since the page will not be there to wait.
 *    Events recorded while it stays hidden (web-vitals reports INP and CLS then) go out the
 *    same way at once, in the same batch: one toast group and EXIT_BATCH events per hidden spell.
 */

/** A flush runs this long after the first queued event. */
export const FLUSH_DELAY_MS = 1000;
/** Older events are dropped beyond this (a long offline spell must not grow without end). */
export const MAX_QUEUED = 50;
/** At most this many events are sent on page exit (fetch keepalive allows 64 KB in all). */
export const EXIT_BATCH = 10;
/** docs/product.md §7: `payload` is a JSON string of at most 2 KB. */
export const PAYLOAD_MAX_BYTES = 2048;

type Sender = typeof import('@/api/analytics');
type AnalyticsEvent = import('@/api/analytics').AnalyticsEvent;

let queue: AnalyticsEvent[] = [];
let sending = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let sender: Sender | undefined;
let senderLoad: Promise<Sender> | undefined;
let listening = false;
/** The batch of the current hidden spell (decision 0005): its toast group and how many it sent. */
let exitBatch: { toastGroup: import('@/api/client').ToastGroup; sent: number } | undefined;

function loadSender(): Promise<Sender> {
  senderLoad ??= import('@/api/analytics').then((module) => (sender = module));
  return senderLoad;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

function payloadOf(data: Record<string, unknown>): string {
  try {
    const json = JSON.stringify(data);
    return byteLength(json) <= PAYLOAD_MAX_BYTES ? json : JSON.stringify({ truncated: true });
  } catch {
    return '{}';
  }
}

function currentIndexCode(): string {
  return readIndexCode(new URLSearchParams(window.location.search).get('indexCode'), useUserStore.getState().indexCode);
}

function schedule(): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    void flush();
  }, FLUSH_DELAY_MS);
}

const isHidden = () => document.visibilityState === 'hidden';

function onExit(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (!sender || !navigator.onLine || queue.length === 0) return;
  exitBatch ??= { toastGroup: sender.newBatch(), sent: 0 };
  const batch = queue.splice(0, EXIT_BATCH - exitBatch.sent);
  queue = [];
  exitBatch.sent += batch.length;
  const { toastGroup } = exitBatch;
  for (const event of batch) void sender.sendMq(event, { keepalive: true, toastGroup }).catch(() => undefined);
}

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('pagehide', onExit);
  document.addEventListener('visibilitychange', () => {
    if (isHidden()) onExit();
    else exitBatch = undefined;
  });
  window.addEventListener('online', () => {
    if (queue.length > 0) schedule();
  });
}

/**
 * Records an event: `eventCode` (e.g. 'page_view', 'tap_use_right') and a small payload.
 * Never throws, never waits: the event is queued and sent later.
 */
export function track(
  eventCode: string,
  data: Record<string, unknown> = {},
  context: { page?: string; indexCode?: string } = {},
): void {
  queue.push({
    eventCode,
    page: (context.page ?? window.location.pathname).slice(0, 200),
    indexCode: context.indexCode ?? currentIndexCode(),
    payload: payloadOf(data),
  });
  if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
  listen();
  void loadSender().catch(() => undefined);
  if (isHidden() && sender) onExit();
  else schedule();
}

/** Sends what is queued, one event at a time. Resolves when the queue is empty or sending stops. */
export async function flush(): Promise<void> {
  if (sending || queue.length === 0 || !navigator.onLine) return;
  sending = true;
  try {
    const { sendMq, newBatch } = await loadSender();
    const toastGroup = newBatch();
    while (queue.length > 0 && navigator.onLine) {
      const event = queue.shift()!;
      // A refused or failed event is dropped, never retried; the batch toasts once at most.
      await sendMq(event, { toastGroup }).catch(() => undefined);
    }
  } catch {
    // The sender's chunk did not load: keep the queue; the next track() schedules a flush.
  } finally {
    sending = false;
  }
}

/** Events waiting to be sent (for tests and debugging). */
export const queuedEvents = (): readonly AnalyticsEvent[] => queue;

/** Forgets queued events and timers (tests). */
export function resetTracking(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  queue = [];
  sending = false;
  exitBatch = undefined;
}
