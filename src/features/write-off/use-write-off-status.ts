import { useEffect, useRef } from 'react';
import { getConsumption } from '@/api/consumptions';
import { invalidate } from '@/stores/freshness';
import type { Consumption } from '@contract/types';

/** docs/product.md §4.4: poll every 2 s; after 60 s still pending, say so. */
export const POLL_INTERVAL_MS = 2000;
export const PENDING_WAIT_MS = 60_000;

export interface WriteOffStatusHandlers {
  /** The code was used (success) or died (failed, expired). Called once per consumption. */
  onSettled: (consumption: Consumption) => void;
  /** Still pending after `waitMs` of visible polling. */
  onStillPending: (consumption: Consumption) => void;
}

/**
 * Polls `permConsume/detail` for a pending consumption while the screen is visible.
 *
 * The poll is an Effect with cleanup (docs/style.md §8): on a kept screen <Activity> destroys it when
 * the screen is hidden and re-creates it when shown again (the 60 s wait then starts over,
 * which is what 继续等待 means). It also stops while the document is hidden (the phone locked,
 * WeChat in the background) and resumes when it is visible. One request at a time.
 */
export function useWriteOffStatus(consumption: Consumption | undefined, handlers: WriteOffStatusHandlers): void {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const id = consumption?.status === 'pending' ? consumption.id : undefined;

  useEffect(() => {
    if (id === undefined) return;
    let stopped = false;
    let inFlight = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const started = Date.now();

    const tick = async () => {
      if (stopped || inFlight || document.visibilityState === 'hidden') return;
      inFlight = true;
      try {
        const latest = await getConsumption(id);
        if (stopped) return;
        if (latest.status !== 'pending') {
          stop();
          // A used code took a time off the right and settled its record: screens showing
          // either reload when next shown.
          invalidate('rights', 'consumptions');
          handlersRef.current.onSettled(latest);
        } else if (Date.now() - started >= PENDING_WAIT_MS) {
          stop();
          handlersRef.current.onStillPending(latest);
        }
      } catch {
        // The client has toasted (docs/product.md §8); the next tick tries again.
      } finally {
        inFlight = false;
      }
    };

    const start = () => {
      if (timer === undefined && !stopped) timer = setInterval(() => void tick(), POLL_INTERVAL_MS);
    };
    const pause = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    function stop() {
      stopped = true;
      pause();
      document.removeEventListener('visibilitychange', onVisibility);
    }
    function onVisibility() {
      if (document.visibilityState === 'hidden') pause();
      else {
        void tick();
        start();
      }
    }

    document.addEventListener('visibilitychange', onVisibility);
    if (document.visibilityState !== 'hidden') start();
    return stop;
  }, [id]);
}
