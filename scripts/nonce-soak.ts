/**
 * The replay guard at volume (`npm run bench -- --scale --nonce-soak [minutes]`): what the
 * nonce table holds while the gateway runs at full load, and whether pruning keeps it bounded.
 * The gateway deletes nonces older than twice the replay window once a minute (guard.ts
 * `pruneGuardTables`), so while pruning keeps up no row is older than that plus a minute.
 */
import { REPLAY_WINDOW_MS } from '../contract/codes';

/** One look at the nonce table, `atS` seconds after the gateway started. */
export interface NonceSample {
  atS: number;
  rows: number;
  bytes: number;
  /** Age of the oldest row in seconds; null when the table is empty. */
  oldestS: number | null;
}

export interface SoakBounds {
  /** How long a nonce is kept (twice the replay window). */
  keepS: number;
  /** How often the gateway prunes. */
  pruneEveryS: number;
  /** Time a prune may take under load, and the sample's own lateness. */
  slackS: number;
}

export const GATEWAY_SOAK_BOUNDS: SoakBounds = { keepS: (2 * REPLAY_WINDOW_MS) / 1000, pruneEveryS: 60, slackS: 30 };

export interface SoakVerdict {
  bounded: boolean;
  /** The oldest row any sample may hold once the first prune is due. */
  limitS: number;
  /** Samples taken after the first prune was due (the ones judged). */
  judged: number;
  /** The first judged sample over the limit. */
  over?: NonceSample;
}

/**
 * Bounded when every sample taken after the first prune was due holds no row older than the
 * keep time plus one prune interval (plus slack), and at least one sample was judged: then
 * the rows are at most what the load wrote in that time, however long it runs.
 */
export function soakVerdict(
  samples: readonly NonceSample[],
  { keepS, pruneEveryS, slackS }: SoakBounds = GATEWAY_SOAK_BOUNDS,
): SoakVerdict {
  const limitS = keepS + pruneEveryS + slackS;
  const judged = samples.filter((s) => s.atS >= pruneEveryS + slackS);
  const over = judged.find((s) => s.oldestS !== null && s.oldestS > limitS);
  return { bounded: judged.length > 0 && !over, limitS, judged: judged.length, ...(over ? { over } : {}) };
}

/** One line for a sample. */
export function describeSample(label: string, s: NonceSample): string {
  const oldest = s.oldestS === null ? 'empty' : `oldest ${Math.round(s.oldestS)} s`;
  return `  ${label.padEnd(10)} ${String(s.rows).padStart(9)} rows  ${(s.bytes / 1024 / 1024).toFixed(1).padStart(7)} MB  ${oldest}`;
}
