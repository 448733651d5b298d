/**
 * The offset between this device's clock and the gateway's (docs/product.md §8.3, clocks): every
 * response's `Date` header, and a `clock` refusal's `serverTime`, correct it, so the next
 * request's `timestamp` is the current time as the gateway knows it.
 */

let offsetMs = 0;
/** Whether a response has told us the gateway's time yet. */
let known = false;
let settling: Promise<void> | undefined;

/**
 * How long a call waits at most for index.html's early response before it goes out with the
 * device's clock (the response's headers, not its body, are what it waits for).
 */
export const EARLY_DATE_WAIT_MS = 10_000;

/** Now, in ms, as the gateway's clock reads it. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Learns the gateway's time from an exact value (a `clock` refusal's `serverTime`). */
export function syncServerTime(serverTimeMs: number): void {
  offsetMs = serverTimeMs - Date.now();
  known = true;
}

/**
 * Learns from an HTTP `Date` header. It has one-second resolution, so an offset under
 * 2 s is left alone rather than made worse by rounding.
 */
export function observeDateHeader(value: string | null | undefined): void {
  if (!value) return;
  const serverMs = Date.parse(value);
  if (Number.isNaN(serverMs)) return;
  known = true;
  const measured = serverMs - Date.now();
  if (Math.abs(measured - offsetMs) > 2000) offsetMs = measured;
}

/**
 * Resolves when a call may stamp its `timestamp`: at once when the gateway's time is known or
 * cannot come sooner; on the home's start, once index.html's early response has brought its
 * `Date` header (at most EARLY_DATE_WAIT_MS), so a phone whose clock is off is not refused
 * on its very first calls (docs/product.md §8.3: it works once the home's first response has arrived).
 */
export function clockSettled(): Promise<void> {
  const early = window.__early?.date;
  if (known || !early) return Promise.resolve();
  settling ??= new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, EARLY_DATE_WAIT_MS);
    void early.then(
      (date) => {
        observeDateHeader(date);
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
  return settling;
}

/** Test hook. */
export function resetClock(): void {
  offsetMs = 0;
  known = false;
  settling = undefined;
}
