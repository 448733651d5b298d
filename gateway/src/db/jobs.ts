/**
 * Jobs that must not run on two gateway instances at once (DESIGN §8 "Topology"): each runs
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

/** Deletes the SSO's expired tickets and the SMS rows no limit counts any more. */
export async function pruneLoginTables(db: Db): Promise<void> {
  await runExclusive(db, 'pruneTickets', async (tx) => {
    await tx.query('delete from login_tickets where expires_at < now()');
  });
  await runExclusive(db, 'pruneSmsCodes', async (tx) => {
    await tx.query(`delete from sms_codes where created_at < now() - interval '${SMS_ROWS_KEPT}'`);
  });
}
