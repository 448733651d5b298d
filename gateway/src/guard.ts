/**
 * The request guard of DESIGN §3/§7 for every A (/gateway/user/*) and B (/user-cloud/*) call:
 * timestamp within 5 minutes of our clock, a nonce never seen within the window, and — for
 * calls that are not public — a live bearer token. The nonce insert and the token lookup are
 * ONE statement (one round trip; a named prepared statement on PostgreSQL), and the nonce
 * lives in SQL so several gateway instances stay replay-safe.
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

const GUARD_SQL = `
  with fresh as (insert into nonces (nonce) values ($1) on conflict do nothing returning 1)
  select exists (select 1 from fresh) as fresh,
         (select user_id from sessions where token_hash = $2 and expires_at > now()) as user_id`;

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

function refuse(reply: FastifyReply, reason: UnauthorizedReason, serverTime?: number) {
  const obj: UnauthorizedObj = serverTime === undefined ? { reason } : { reason, serverTime };
  return reply.send(envelope(Code.unauthorized, DESC[reason], obj));
}

/**
 * Checks one request; on refusal it answers (HTTP 200, code 401, `obj.reason`) and returns
 * false. On success `request.userId` is the caller (null on an anonymous public call).
 */
export async function checkRequest(db: Db, request: FastifyRequest, reply: FastifyReply, mode: GuardMode): Promise<boolean> {
  const now = Date.now();
  const timestamp = Number(request.headers.timestamp);
  if (!request.headers.timestamp || !Number.isFinite(timestamp) || Math.abs(timestamp - now) > REPLAY_WINDOW_MS) {
    refuse(reply, 'clock', now);
    return false;
  }
  const nonce = request.headers.nonce;
  if (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce)) {
    refuse(reply, 'replay');
    return false;
  }
  const token = bearerToken(request);
  if (!token && mode === 'required') {
    refuse(reply, 'no-token');
    return false;
  }
  const [row] = await db.query<{ fresh: boolean; user_id: string | null }>(
    GUARD_SQL,
    [nonce, token ? sha256(token) : null],
    'guard_nonce_token',
  );
  if (!row.fresh) {
    refuse(reply, 'replay');
    return false;
  }
  if (token && !row.user_id && mode === 'required') {
    refuse(reply, 'token-expired');
    return false;
  }
  request.userId = row.user_id ?? null;
  return true;
}

/**
 * Deletes nonces older than twice the window (a timestamp can be 5 minutes early or late,
 * so a nonce can only be replayed within 10 minutes of its first use) and expired sessions.
 */
export async function pruneGuardTables(db: Db): Promise<void> {
  await db.query(`delete from nonces where seen_at < now() - $1::interval`, [`${(2 * REPLAY_WINDOW_MS) / 1000} seconds`]);
  await db.query(`delete from sessions where expires_at < now()`);
}
