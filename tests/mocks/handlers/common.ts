import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { Code, Desc, type UnauthorizedReason } from '@contract/codes';
import { firstIssue } from '@contract/schemas';
import type { Envelope } from '@contract/types';
import { db, type MockDb } from '../db';

/** msw matches a contract path under any origin and prefix (`/api` in dev, none in prod). */
export const url = (path: string) => `*${path}`;

export const envelope = <T>(code: number, desc: string, obj: T): Envelope<T> => ({ code, desc, obj });
export const ok = <T>(obj: T) => HttpResponse.json(envelope(Code.ok, Desc.ok, obj));
export const refused = (desc: string) => HttpResponse.json(envelope(Code.businessError, desc, null));
export const unauthorized = (reason: UnauthorizedReason) =>
  HttpResponse.json(envelope(Code.unauthorized, reason === 'no-token' ? Desc.noToken : Desc.tokenExpired, { reason }));

export type MockUser = MockDb['users'][number];

/** The caller, from `Authorization: Bearer <token>`; a Response when there is none. */
export function caller(request: Request): MockUser | Response {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!token) return unauthorized('no-token');
  const userId = db.tokens.get(token);
  const user = userId ? db.users.find((u) => u.userId === userId) : undefined;
  return user ?? unauthorized('token-expired');
}

/** Validates with the contract's schema: the data, or a 10001 Response with its message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> | Response {
  const result = schema.safeParse(input);
  return result.success ? result.data : refused(firstIssue(result.error));
}

export const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return {};
  }
}

export async function formBody(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}

export function paginate<T>(rows: T[], pageNum: number, pageSize: number) {
  return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length, pageNum, pageSize };
}
