/**
 * Jobs that must not run on two gateway instances at once (docs/product.md §12.1): each runs
 * in a transaction that first takes its own advisory lock with pg_try_advisory_xact_lock; an
 * instance that finds the lock taken skips the round instead of waiting. On PGlite (one
 * process) the lock is always free.
 */
import type { Db, Queryable } from './index';

/** The advisory lock keys of the jobs: arbitrary constants, apart from the migration runner's. */
export const JOB_LOCK_KEYS = {
  pruneNonces: 7_261_101,
  pruneSessions: 7_261_102,
  pruneTickets: 7_261_103,
  pruneSmsCodes: 7_261_104,
  pruneSendMqBudget: 7_261_105,
  pruneAnalyticsEvents: 7_261_106,
  pruneSmsFailures: 7_261_107,
} as const;

export type JobName = keyof typeof JOB_LOCK_KEYS;

/**
 * SMS rows are kept this long: longer than the longest window an SMS limit counts over
 * (one phone's codes in a day, routes/sso.ts).
 */
export const SMS_ROWS_KEPT = '2 days';

/** Runs `fn` when no other instance runs job `name` now; returns whether it ran. */
export async function runExclusive(db: Db, name: JobName, fn: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
      JOB_LOCK_KEYS[name],
    ]);
    if (!row.locked) return false;
    await fn(tx);
    return true;
  });
}

/**
 * PGlite runs no autovacuum: without a VACUUM the space of deleted rows is never used again
 * and the file grows with every prune (decision 0054). PostgreSQL's autovacuum does it there.
 */
export async function vacuumOnPglite(db: Db, table: string): Promise<void> {
  if (db.kind === 'pglite') await db.exec(`vacuum ${table}`);
}

/**
 * Job `name`: deletes the rows of `table` matching `where` under the job's lock, then vacuums
 * the table on PGlite when rows went. Returns the rows deleted (0 when another instance ran it).
 */
export async function pruneRows(
  db: Db,
  name: JobName,
  table: string,
  where: string,
  params: unknown[] = [],
): Promise<number> {
  let deleted = 0;
  await runExclusive(db, name, async (tx) => {
    const [row] = await tx.query<{ n: number }>(
      `with gone as (delete from ${table} where ${where} returning 1) select count(*)::int as n from gone`,
      params,
    );
    deleted = row.n;
  });
  if (deleted > 0) await vacuumOnPglite(db, table);
  return deleted;
}

/** Deletes the SSO's expired tickets and the SMS rows (codes, wrong codes) no limit counts any more. */
export async function pruneLoginTables(db: Db): Promise<void> {
  await pruneRows(db, 'pruneTickets', 'login_tickets', 'expires_at < now()');
  await pruneRows(db, 'pruneSmsCodes', 'sms_codes', `created_at < now() - interval '${SMS_ROWS_KEPT}'`);
  await pruneRows(db, 'pruneSmsFailures', 'sms_failures', `created_at < now() - interval '${SMS_ROWS_KEPT}'`);
}

/**
 * The setting migration 006's trigger reads: on for the job's own transaction only, it lets
 * that transaction delete from the otherwise append-only analytics_events.
 */
export const ANALYTICS_RETENTION_SETTING = 'portal.analytics_retention';

/**
 * A batch of the analytics prune: one transaction, well within PG_STATEMENT_TIMEOUT_MS; a
 * round stops after this many batches and the next round (a minute later) goes on.
 */
export const ANALYTICS_PRUNE_BATCH_ROWS = 5_000;
export const ANALYTICS_PRUNE_MAX_BATCHES = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AnalyticsPruneOptions {
  /** The moment the retention counts back from; the gateway's clock by default. */
  now?: Date;
  batchRows?: number;
  maxBatches?: number;
}

/**
 * Deletes the analytics events older than `retentionDays` (ANALYTICS_RETENTION_DAYS), oldest
 * first, in batches of their own transactions so that a backlog never becomes one long
 * transaction; each batch takes the job's lock, so two instances never delete at once.
 * Returns the events deleted this round (decision 0053).
 */
export async function pruneAnalyticsEvents(
  db: Db,
  retentionDays: number,
  {
    now = new Date(),
    batchRows = ANALYTICS_PRUNE_BATCH_ROWS,
    maxBatches = ANALYTICS_PRUNE_MAX_BATCHES,
  }: AnalyticsPruneOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    let n = 0;
    const ran = await runExclusive(db, 'pruneAnalyticsEvents', async (tx) => {
      await tx.query(`select set_config('${ANALYTICS_RETENTION_SETTING}', 'on', true)`);
      [{ n }] = await tx.query<{ n: number }>(
        `with gone as (
           delete from analytics_events where id in (
             select id from analytics_events where created_at < $1 order by created_at limit $2)
           returning 1)
         select count(*)::int as n from gone`,
        [cutoff, batchRows],
      );
    });
    deleted += n;
    if (!ran || n < batchRows) break;
  }
  if (deleted > 0) await vacuumOnPglite(db, 'analytics_events');
  return deleted;
}
