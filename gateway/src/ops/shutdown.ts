/**
 * Drain on SIGTERM/SIGINT (docs/product.md §12.2, decision 0021): /readyz answers 503 at once; after SIGTERM
 * the listener keeps serving for `delayMs`, so the load balancer sees the 503 and stops sending
 * before connections are refused; then the server closes (no new connections, idle keep-alive
 * connections closed, the requests in flight finish) and `cleanup` runs (the database, the
 * metrics listener). Exit 0 when done; past `graceMs` after the signal the remaining
 * connections are cut and the exit code is 1. SIGINT (a terminal's Ctrl-C) skips the delay;
 * a second signal changes nothing.
 */
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  graceMs: number;
  delayMs: number;
  /** After the server has closed: the database, the metrics listener. */
  cleanup: () => Promise<void>;
  exit?: (code: number) => void;
}

export type Signal = 'SIGTERM' | 'SIGINT';

/** Returns the drain function a signal starts (exported for the process's own handlers). */
export function drainer(
  app: FastifyInstance,
  { graceMs, delayMs, cleanup, exit = (code) => process.exit(code) }: DrainOptions,
) {
  let started = false;
  return async (signal: Signal) => {
    if (started) return;
    started = true;
    app.lifecycle.draining = true;
    const delay = signal === 'SIGTERM' ? delayMs : 0;
    app.log.info({ signal, delayMs: delay, graceMs }, 'draining: not ready; finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error({ graceMs }, 'drain took longer than SHUTDOWN_GRACE_MS: cutting the remaining connections');
      app.server.closeAllConnections();
      exit(1);
    }, graceMs);
    force.unref();
    try {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      await app.close();
      await cleanup();
      clearTimeout(force);
      app.log.info('drained; exiting');
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
}
