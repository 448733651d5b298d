/**
 * One named statement shared by the callers that arrive while the previous one runs
 * (decisions 0014, 0019 and 0038): the guard stage (guard.ts) and the first screens' reads
 * (screen-reads.ts) each batch their callers through it.
 */
import type { Db } from './index';

/** A row of a batched statement: whose request (its place from 1 in the batch) it answers. */
export interface BatchRow {
  i: number;
}

export interface StatementBatchOptions<P> {
  /** The named prepared statement's name (parsed and planned once per connection). */
  name: string;
  /** At least one row per item, each carrying its item's place `i` (from 1). */
  sql: string;
  /** The statement's parameters as arrays in the items' order. */
  params: (items: P[]) => unknown[];
  /** At most this many items in one statement (a larger batch is split). */
  max?: number;
  /**
   * A statement in flight longer than this (ms) no longer holds the next one back, so a slow
   * statement delays the items behind it by at most this much (decision 0019).
   */
  stallMs?: number;
  /** Told the size of each batch as it is sent (the metrics' batch-size histogram). */
  onBatch?: (size: number) => void;
  /** Told the items of each batch as it is sent. */
  onSend?: (items: P[]) => void;
}

interface Waiting<P, T> {
  params: P;
  resolve: (rows: T[]) => void;
  reject: (error: unknown) => void;
}

/**
 * One named statement shared by the callers that arrive while the previous one runs
 * (decisions 0014 and 0019): one round trip for the batch instead of one per caller. One
 * statement is in flight at a time: the callers that arrive meanwhile wait for it and go
 * together in the next, so under load the batches are larger and fewer PostgreSQL processes
 * compete with the gateway for the cores; when idle, a caller goes at the end of its
 * event-loop turn. A statement that runs past `stallMs` lets the next one start beside it.
 * Returns the function a caller awaits for its own rows (`i` in order); a failed statement
 * rejects every caller of its batch.
 */
export function statementBatch<P, T extends BatchRow>(
  db: Db,
  { name, sql, params, max = 64, stallMs = 20, onBatch, onSend }: StatementBatchOptions<P>,
) {
  /** Batches not sent yet, oldest first; the last one is open while shorter than `max`. */
  const queued: Waiting<P, T>[][] = [];
  /** Whether a statement is in flight and has not stalled yet: it holds the next one back. */
  let held = false;
  let flushDue = false;

  const run = async (batch: Waiting<P, T>[]) => {
    try {
      const rows = await db.query<T>(sql, params(batch.map((w) => w.params)), name);
      const byItem = batch.map((): T[] => []);
      for (const row of rows) byItem[row.i - 1].push(row);
      batch.forEach((w, k) =>
        byItem[k].length ? w.resolve(byItem[k]) : w.reject(new Error(`${name}: no row for item ${k + 1}`)),
      );
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  };

  const send = (batch: Waiting<P, T>[]) => {
    onBatch?.(batch.length);
    onSend?.(batch.map((w) => w.params));
    held = true;
    let holding = true;
    const release = () => {
      if (!holding) return;
      holding = false;
      held = false;
      scheduleFlush();
    };
    const stall = setTimeout(release, stallMs);
    void run(batch).finally(() => {
      clearTimeout(stall);
      release();
    });
  };

  // Only scheduleFlush calls it, with a batch queued and none held, and only flush sends: so
  // nothing can be held, nor the queue emptied, before it runs.
  const flush = () => {
    flushDue = false;
    send(queued.shift()!);
  };

  // At the end of the turn: the callers of this turn join the batch before it goes.
  function scheduleFlush() {
    if (flushDue || held || !queued.length) return;
    flushDue = true;
    setImmediate(flush);
  }

  return (itemParams: P) =>
    new Promise<T[]>((resolve, reject) => {
      const open = queued.at(-1);
      const batch = open && open.length < max ? open : [];
      if (batch !== open) queued.push(batch);
      batch.push({ params: itemParams, resolve, reject });
      scheduleFlush();
    });
}
