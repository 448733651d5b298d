/**
 * The request guard of docs/product.md §7.4/§8.3 for every A (/gateway/user/*) and B (/user-cloud/*) call:
 * timestamp within 5 minutes of our clock, a nonce never seen within the window, and — for
 * calls that are not public — a live bearer token. The nonce insert and the token lookup are
 * ONE statement (one round trip; a named prepared statement on PostgreSQL, shared by the
 * requests that arrive while the previous one runs), and the nonce lives in SQL so several
 * gateway instances stay replay-safe.
 *
 * The whole decision is one stage, an `onRequest` hook, before any handler (decision 0030):
 * a refusal is answered there, and a handler finds the decided caller in `request.userId`.
 * The requests that arrive while one guard statement runs share the next (decision 0019).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, Desc, REPLAY_WINDOW_MS, type UnauthorizedReason } from '../../contract/codes';
import type { UnauthorizedObj } from '../../contract/types';
import type { Db } from './db/index';
import { pruneRows } from './db/jobs';
import { type BatchRow, statementBatch, type StatementBatchOptions } from './db/statement-batch';
import { envelope } from './envelope';

/** How a route is guarded: a token is required, or optional (public calls). */
export type GuardMode = 'required' | 'optional';

/** Tokens live 7 days (docs/product.md §11.2): one constant with the login result's `expiresIn`. */
export { TOKEN_TTL_DAYS } from '../../contract/codes';

/** A nonce: what the portal sends (32 hex) and any similar opaque value. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const TIMESTAMP_PATTERN = /^\d{1,15}$/;

/**
 * A condition that is always true and makes the statement's own transaction commit without
 * waiting for the WAL flush: `SET LOCAL synchronous_commit = off` inside the one statement,
 * so the logged nonce table costs no extra round trip (decision 0020). A crash loses at most
 * the last fraction of a second of nonces. The guard statements write nothing else.
 */
export const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true) is not null`;

/** What the header checks leave for the SQL check. */
export interface PendingGuard {
  mode: GuardMode;
  nonce: string;
  tokenHash: string | null;
}

/** The SQL check's answer for one request: its `guard` row. */
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
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,256})\s*$/i.exec(request.headers.authorization ?? '');
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
  // Milliseconds as the portal writes them (docs/product.md §7): digits only, not whatever Number() reads.
  const raw = request.headers.timestamp;
  const timestamp = typeof raw === 'string' && TIMESTAMP_PATTERN.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(timestamp) || Math.abs(timestamp - now) > REPLAY_WINDOW_MS) {
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

/**
 * The guard of a batch of requests as CTEs (decision 0014), parameters $1 (nonces) and $2
 * (token hashes or null), arrays in the requests' order: `guard` has one row per request,
 * `i` its place from 1, `fresh` (the nonce was new and is now recorded) and `user_id` (the
 * live session's user or null). The batch's nonces are distinct (`guardStage` sees to that),
 * so each `fresh` is its own request's.
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

const GUARD_BATCH_SQL = `with ${GUARD_BATCH_CTES} select i, fresh, user_id from guard`;

/** The guard's decision on one request: a refusal, or the caller (null when anonymous). */
export type GuardDecision = { refusal: UnauthorizedReason; userId: null } | { refusal: null; userId: string | null };

/**
 * The SQL check of the guard stage (decision 0030): the requests that reach any guarded route
 * while the previous guard statement runs share the next one (`statementBatch`), each with its
 * own verdict. A nonce already queued is a replay at once, so a statement's nonces are
 * distinct; a nonce of the statement in flight meets its own row in `nonces`.
 */
export function guardStage(
  db: Db,
  { onBatch, stallMs }: Pick<StatementBatchOptions<PendingGuard>, 'onBatch' | 'stallMs'> = {},
) {
  const queuedNonces = new Set<string>();
  const batch = statementBatch<PendingGuard, BatchRow & GuardRow>(db, {
    name: 'guard_batch',
    sql: GUARD_BATCH_SQL,
    params: (items) => [items.map((p) => p.nonce), items.map((p) => p.tokenHash)],
    onBatch,
    stallMs,
    onSend: (items) => {
      for (const p of items) queuedNonces.delete(p.nonce);
    },
  });
  return async (pending: PendingGuard): Promise<GuardDecision> => {
    if (queuedNonces.has(pending.nonce)) return { refusal: 'replay', userId: null };
    queuedNonces.add(pending.nonce);
    const rows = await batch(pending);
    const refusal = guardRefusal(rows[0], pending);
    return refusal ? { refusal, userId: null } : { refusal: null, userId: rows[0].user_id ?? null };
  };
}

/**
 * The guard stage: every route declared with a guard mode (`config.guard`, context.ts
 * `apiRoute`) is decided here, before its body is read and before any handler; the handler
 * runs only for a passed guard, with the caller in `request.userId` (decision 0030).
 */
export function registerGuard(app: FastifyInstance, db: Db, { onBatch }: { onBatch?: (size: number) => void } = {}) {
  const decide = guardStage(db, { onBatch });
  app.addHook('onRequest', async (request, reply) => {
    const mode = request.routeOptions.config.guard;
    if (!mode) return;
    const pending = checkHeaders(request, reply, mode);
    if (!pending) return reply;
    const { refusal, userId } = await decide(pending);
    if (refusal) return reply.send(refusalEnvelope(refusal));
    request.userId = userId;
  });
}

/**
 * Deletes nonces older than twice the window (a timestamp can be 5 minutes early or late,
 * so a nonce can only be replayed within 10 minutes of its first use), expired sessions and
 * md/sendMq's counters of past minutes, each on one instance at a time (db/jobs.ts).
 */
export async function pruneGuardTables(db: Db): Promise<void> {
  await pruneRows(db, 'pruneNonces', 'nonces', 'seen_at < now() - $1::interval', [
    `${(2 * REPLAY_WINDOW_MS) / 1000} seconds`,
  ]);
  await pruneRows(db, 'pruneSessions', 'sessions', 'expires_at < now()');
  await pruneRows(db, 'pruneSendMqBudget', 'send_mq_budget', 'minute < $1', [Math.floor(Date.now() / 60_000)]);
}
