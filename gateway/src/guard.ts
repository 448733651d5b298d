/**
 * The request guard of DESIGN §3/§7 for every A (/gateway/user/*) and B (/user-cloud/*) call:
 * timestamp within 5 minutes of our clock, a nonce never seen within the window, and — for
 * calls that are not public — a live bearer token. The nonce insert and the token lookup are
 * ONE statement (one round trip; a named prepared statement on PostgreSQL), and the nonce
 * lives in SQL so several gateway instances stay replay-safe.
 *
 * A read-only hot route can go further (`guardInQuery`, decision 0013): its own statement
 * starts with the guard's CTEs, so the check and the read are one round trip together.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, Desc, REPLAY_WINDOW_MS, type UnauthorizedReason } from '../../contract/codes';
import type { UnauthorizedObj } from '../../contract/types';
import type { Db } from './db/index';
import { envelope } from './envelope';

/** How a route is guarded: a token is required, or optional (public calls). */
export type GuardMode = 'required' | 'optional';

/** Tokens live 7 days (DESIGN §7). */
export const TOKEN_TTL_DAYS = 7;

/** A nonce: what the portal sends (32 hex) and any similar opaque value. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The guard as two CTEs, parameters $1 (nonce) and $2 (token hash or null): `guard` is one row
 * (`fresh`: the nonce was new and is now recorded; `user_id`: the live session's user or null).
 */
export const GUARD_CTES = `
  fresh as (insert into nonces (nonce) values ($1) on conflict do nothing returning 1),
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
export async function checkInSql(db: Db, pending: PendingGuard): Promise<{ refusal: UnauthorizedReason | null; userId: string | null }> {
  const [row] = await db.query<GuardRow>(GUARD_SQL, [pending.nonce, pending.tokenHash], 'guard_nonce_token');
  return { refusal: guardRefusal(row, pending), userId: row.user_id ?? null };
}

/** Thrown by `guardedQuery` when the guard refuses; the app's error handler answers the 401. */
export class GuardRefused extends Error {
  constructor(readonly reason: UnauthorizedReason) {
    super(`guard refused: ${reason}`);
    this.name = 'GuardRefused';
  }
}

/**
 * The statement of a `guardInQuery` route (read-only routes only): `sql` continues
 * `with ${GUARD_CTES}, …`, takes its own parameters from $3, and returns at least one row
 * carrying the `guard` row's `fresh` and `user_id`. Applies the guard's verdict: throws
 * GuardRefused, or sets `request.userId` and returns the rows.
 */
export async function guardedQuery<T>(db: Db, request: FastifyRequest, sql: string, params: unknown[], name: string): Promise<(T & GuardRow)[]> {
  const pending = request.pendingGuard;
  if (!pending) throw new Error('guardedQuery needs a route declared with guardInQuery');
  const rows = await db.query<T & GuardRow>(sql, [pending.nonce, pending.tokenHash, ...params], name);
  request.pendingGuard = undefined;
  const refusal = guardRefusal(rows[0], pending);
  if (refusal) throw new GuardRefused(refusal);
  request.userId = rows[0].user_id ?? null;
  return rows;
}

/**
 * Deletes nonces older than twice the window (a timestamp can be 5 minutes early or late,
 * so a nonce can only be replayed within 10 minutes of its first use) and expired sessions.
 */
export async function pruneGuardTables(db: Db): Promise<void> {
  await db.query(`delete from nonces where seen_at < now() - $1::interval`, [`${(2 * REPLAY_WINDOW_MS) / 1000} seconds`]);
  await db.query(`delete from sessions where expires_at < now()`);
}
