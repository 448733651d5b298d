/**
 * The offset between this device's clock and the gateway's (DESIGN §7 "401", clocks): every
 * response's `Date` header, and a `clock` refusal's `serverTime`, correct it, so the next
 * request's `timestamp` is the current time as the gateway knows it.
 */
let offsetMs = 0;

/** Now, in ms, as the gateway's clock reads it. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Learns the gateway's time from an exact value (a `clock` refusal's `serverTime`). */
export function syncServerTime(serverTimeMs: number): void {
  offsetMs = serverTimeMs - Date.now();
}

/**
 * Learns from an HTTP `Date` header. It has one-second resolution, so an offset under
 * 2 s is left alone rather than made worse by rounding.
 */
export function observeDateHeader(value: string | null | undefined): void {
  if (!value) return;
  const serverMs = Date.parse(value);
  if (Number.isNaN(serverMs)) return;
  const measured = serverMs - Date.now();
  if (Math.abs(measured - offsetMs) > 2000) offsetMs = measured;
}

/** Test hook. */
export function resetClock(): void {
  offsetMs = 0;
}
