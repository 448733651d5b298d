/**
 * The request guard of DESIGN §3/§7 for every A (/gateway/user/*) and B (/user-cloud/*) call:
 * timestamp within 5 minutes of our clock, a nonce never seen within the window, and — for
 * calls that are not public — a live bearer token. The nonce insert and the token lookup are
 * ONE statement (one round trip; a named prepared statement on PostgreSQL), and the nonce
 * lives in SQL so several gateway instances stay replay-safe.
 *
 * A read-only hot route can go further (`guardInQuery`, decisions 0013 and 0014): its own
 * statement starts with the guard's CTEs, so the check and the read are one round trip
 * together, and the requests that arrive while one such statement runs share the next
 * (decision 0019).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, Desc, REPLAY_WINDOW_MS, type UnauthorizedReason } from '../../contract/codes';
import type { UnauthorizedObj } from '../../contract/types';
import type { Db } from './db/index';
import { runExclusive } from './db/jobs';
import { envelope } from './envelope';

/** How a route is guarded: a token is required, or optional (public calls). */
export type GuardMode = 'required' | 'optional';

/** Tokens live 7 days (DESIGN §7): one constant with the login result's `expiresIn`. */
export { TOKEN_TTL_DAYS } from '../../contract/codes';

/** A nonce: what the portal sends (32 hex) and any similar opaque value. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * A condition that is always true and makes the statement's own transaction commit without
 * waiting for the WAL flush: `SET LOCAL synchronous_commit = off` inside the one statement,
 * so the logged nonce table costs no extra round trip (decision 0020). A crash loses at most
 * the last fraction of a second of nonces. The guard statements write nothing else.
 */
export const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true) is not null`;

/**
 * The guard as two CTEs, parameters $1 (nonce) and $2 (token hash or null): `guard` is one row
 * (`fresh`: the nonce was new and is now recorded; `user_id`: the live session's user or null).
 */
const GUARD_CTES = `
  fresh as (insert into nonces (nonce) select $1::text where ${ASYNC_COMMIT}
            on conflict do nothing returning 1),
  guard as (select exists (select 1 from fresh) as fresh,
                   (select user_id from sessions where token_hash = $2 and expires_at > now()) as user_id)`;

const GUARD_SQL = `with ${GUARD_CTES} select fresh, user_id from guard`;

/** What the header checks leave for the SQL check. */
export interface PendingGuard {
  mode: GuardMode;
  nonce: string;
  tokenHash: string | null;
}

/** The SQL check's answer: the `guard` row. */
export interface GuardRow {
  fresh: boolean;
  user_id: string | null;
}

/** sha256 hex of a token or ticket: only hashes are stored. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new opaque token (256 random bits, base64url). */
export const newToken = () => randomBytes(32).toString('base64url');

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,256})\s*$/i.exec(header);
  return match ? match[1] : null;
}

const DESC: Record<UnauthorizedReason, string> = {
  'no-token': Desc.noToken,
  'token-expired': Desc.tokenExpired,
  clock: Desc.clock,
  replay: Desc.replay,
};

/** The 401 envelope of a refusal (HTTP 200, `obj.reason`; the server time for a clock refusal). */
export function refusalEnvelope(reason: UnauthorizedReason, serverTime?: number) {
  const obj: UnauthorizedObj = serverTime === undefined ? { reason } : { reason, serverTime };
  return envelope(Code.unauthorized, DESC[reason], obj);
}

function refuse(reply: FastifyReply, reason: UnauthorizedReason, serverTime?: number) {
  return reply.send(refusalEnvelope(reason, serverTime));
}

/**
 * The checks that need no database: timestamp, nonce format, a token where one is required.
 * Refuses (answers) and returns null, or returns what the SQL check needs.
 */
export function checkHeaders(request: FastifyRequest, reply: FastifyReply, mode: GuardMode): PendingGuard | null {
  const now = Date.now();
  const timestamp = Number(request.headers.timestamp);
  if (!request.headers.timestamp || !Number.isFinite(timestamp) || Math.abs(timestamp - now) > REPLAY_WINDOW_MS) {
    refuse(reply, 'clock', now);
    return null;
  }
  const nonce = request.headers.nonce;
  if (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce)) {
    refuse(reply, 'replay');
    return null;
  }
  const token = bearerToken(request);
  if (!token && mode === 'required') {
    refuse(reply, 'no-token');
    return null;
  }
  return { mode, nonce, tokenHash: token ? sha256(token) : null };
}

/** Why the `guard` row refuses the request, or null when it passes. */
export function guardRefusal(row: GuardRow, pending: PendingGuard): UnauthorizedReason | null {
  if (!row.fresh) return 'replay';
  if (pending.tokenHash && !row.user_id && pending.mode === 'required') return 'token-expired';
  return null;
}

/** The SQL check on its own (one round trip): records the nonce, finds the session. */
export async function checkInSql(
  db: Db,
  pending: PendingGuard,
): Promise<{ refusal: UnauthorizedReason | null; userId: string | null }> {
  const [row] = await db.query<GuardRow>(GUARD_SQL, [pending.nonce, pending.tokenHash], 'guard_nonce_token');
  return { refusal: guardRefusal(row, pending), userId: row.user_id ?? null };
}

/** Thrown by `guardedBatch` when the guard refuses; the app's error handler answers the 401. */
export class GuardRefused extends Error {
  constructor(readonly reason: UnauthorizedReason) {
    super(`guard refused: ${reason}`);
    this.name = 'GuardRefused';
  }
}

/**
 * The guard of a batch of requests as CTEs (decision 0014), parameters $1 (nonces) and $2
 * (token hashes or null), arrays in the requests' order: `guard` has one row per request,
 * `i` its place from 1, `fresh` and `user_id` as in the single guard. The batch's nonces are
 * distinct (`guardedBatch` sees to that), so each `fresh` is its own request's.
 */
export const GUARD_BATCH_CTES = `
  req as (select nonce, token_hash, i::int as i
            from unnest($1::text[], $2::text[]) with ordinality as r (nonce, token_hash, i)),
  fresh as (insert into nonces (nonce) select nonce from req where ${ASYNC_COMMIT}
            on conflict do nothing returning nonce),
  guard as (select req.i,
                   exists (select 1 from fresh where fresh.nonce = req.nonce) as fresh,
                   (select user_id from sessions
                     where token_hash = req.token_hash and expires_at > now()) as user_id
              from req)`;

/** A row of a batched guarded statement: whose request it answers, and that request's guard. */
export interface BatchRow extends GuardRow {
  i: number;
}

export interface GuardedBatchOptions<P> {
  /** The named prepared statement's name (parsed and planned once per connection). */
  name: string;
  /**
   * `with ${GUARD_BATCH_CTES}, …`: at least one row per `guard` row, each carrying its `i`,
   * `fresh` and `user_id`, in the order the route wants them within one request. A refused
   * guard must read no one's rows (filter on `fresh` and `user_id`).
   */
  sql: string;
  /** The route's own parameters as arrays in the requests' order, from $3 on. */
  params: (items: P[]) => unknown[];
  /** At most this many requests in one statement (a larger batch is split). */
  max?: number;
  /**
   * A statement in flight longer than this (ms) no longer holds the next one back, so a slow
   * statement delays the requests behind it by at most this much (decision 0019).
   */
  stallMs?: number;
  /** Told the size of each batch as it is sent (the metrics' batch-size histogram). */
  onBatch?: (size: number) => void;
}

interface Waiting<P, T> {
  pending: PendingGuard;
  params: P;
  resolve: (rows: T[]) => void;
  reject: (error: unknown) => void;
}

/**
 * A `guardInQuery` route's statement, shared by the requests that reach the route while the
 * previous statement runs (decisions 0014 and 0019): one round trip and one statement for the
 * batch instead of one per request, while each request's nonce is still recorded and its
 * token still checked in SQL. One statement is in flight at a time: the requests that arrive
 * meanwhile wait for it and go together in the next, so under load the batches are larger and
 * fewer PostgreSQL processes compete with the gateway for the cores; when idle, a request
 * goes at the end of its event-loop turn. A statement that runs past `stallMs` lets the next
 * one start beside it. Returns the function a handler awaits: it applies the request's own
 * verdict (throws GuardRefused, or sets `request.userId`) and gives that request's rows.
 * A nonce already waiting for a statement is a replay at once.
 */
export function guardedBatch<P, T extends BatchRow>(
  db: Db,
  { name, sql, params, max = 64, stallMs = 20, onBatch }: GuardedBatchOptions<P>,
) {
  /** Batches not sent yet, oldest first; the last one is open while shorter than `max`. */
  const queued: Waiting<P, T>[][] = [];
  /** The nonces of the queued batches: a second use while the first still waits is a replay. */
  const queuedNonces = new Set<string>();
  /** Whether a statement is in flight and has not stalled yet: it holds the next one back. */
  let held = false;
  let flushDue = false;

  const run = async (batch: Waiting<P, T>[]) => {
    try {
      const rows = await db.query<T>(
        sql,
        [
          batch.map((w) => w.pending.nonce),
          batch.map((w) => w.pending.tokenHash),
          ...params(batch.map((w) => w.params)),
        ],
        name,
      );
      const byRequest = batch.map((): T[] => []);
      for (const row of rows) byRequest[row.i - 1].push(row);
      batch.forEach((w, k) =>
        byRequest[k].length ? w.resolve(byRequest[k]) : w.reject(new Error(`${name}: no row for request ${k + 1}`)),
      );
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  };

  const send = (batch: Waiting<P, T>[]) => {
    onBatch?.(batch.length);
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

  const flush = () => {
    flushDue = false;
    if (held || !queued.length) return;
    const batch = queued.shift()!;
    for (const w of batch) queuedNonces.delete(w.pending.nonce);
    send(batch);
  };

  // At the end of the turn: the requests of this turn join the batch before it goes.
  function scheduleFlush() {
    if (flushDue || held || !queued.length) return;
    flushDue = true;
    setImmediate(flush);
  }

  const enqueue = (pending: PendingGuard, itemParams: P) =>
    new Promise<T[]>((resolve, reject) => {
      const open = queued.at(-1);
      const batch = open && open.length < max ? open : [];
      if (batch !== open) queued.push(batch);
      batch.push({ pending, params: itemParams, resolve, reject });
      queuedNonces.add(pending.nonce);
      scheduleFlush();
    });

  return async (request: FastifyRequest, itemParams: P): Promise<T[]> => {
    const pending = request.pendingGuard;
    if (!pending) throw new Error('a guarded batch needs a route declared with guardInQuery');
    if (queuedNonces.has(pending.nonce)) {
      request.pendingGuard = undefined;
      throw new GuardRefused('replay');
    }
    const rows = await enqueue(pending, itemParams);
    request.pendingGuard = undefined;
    const refusal = guardRefusal(rows[0], pending);
    if (refusal) throw new GuardRefused(refusal);
    request.userId = rows[0].user_id ?? null;
    return rows;
  };
}

/**
 * Deletes nonces older than twice the window (a timestamp can be 5 minutes early or late,
 * so a nonce can only be replayed within 10 minutes of its first use), expired sessions and
 * md/sendMq's counters of past minutes, each on one instance at a time (db/jobs.ts).
 */
export async function pruneGuardTables(db: Db): Promise<void> {
  await runExclusive(db, 'pruneNonces', async (tx) => {
    await tx.query(`delete from nonces where seen_at < now() - $1::interval`, [
      `${(2 * REPLAY_WINDOW_MS) / 1000} seconds`,
    ]);
  });
  await runExclusive(db, 'pruneSessions', async (tx) => {
    await tx.query(`delete from sessions where expires_at < now()`);
  });
  await runExclusive(db, 'pruneSendMqBudget', async (tx) => {
    await tx.query(`delete from send_mq_budget where minute < $1`, [Math.floor(Date.now() / 60_000)]);
  });
}
