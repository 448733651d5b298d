/**
 * Notices (SPEC §7, DESIGN §3): A and B lists (same shape), unread count, read all, and our
 * extension read/one. The list is the hot path of the throughput bench. Its route runs behind
 * the guard stage like every other (decision 0030); its data function reads an index-only count
 * and an index-backed LIMIT/OFFSET page in ONE named prepared statement, shared by the list
 * requests that arrive while the previous one runs (decisions 0014, 0019), and the page comes
 * back as JSON text written by PostgreSQL (decision 0016) from the JSON each notice carries
 * (decision 0017).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { idBody, noticeListQuery } from '../../../contract/schemas';
import { apiRoute, type AppContext, me } from '../context';
import type { Db } from '../db/index';
import { JsonText } from '../envelope';
import { type BatchRow, statementBatch } from '../guard';
import type { GatewayMetrics } from '../ops/metrics';

/** One row per request of the batch: its total, and its page as a JSON array. */
type ListRow = BatchRow & { total: number; list: string };

type ListQuery = { pageNum: number; pageSize: number; readFlag?: 0 | 1 };

/**
 * The pages of every request in the batch in one statement (decision 0014): for each caller
 * decided by the guard stage, an index-only count and an index-backed LIMIT/OFFSET page,
 * aggregated into the page's JSON array in the list's order (an empty page is `[]`).
 * Each notice's JSON (ASCII only) was written with the notice (migration 002, decision 0017):
 * here it is only put around the read flag, the one field that changes.
 */
const LIST_SQL = `
  with args as (select user_id, page_size, page_offset, read_flag, i::int as i
                  from unnest($1::text[], $2::int[], $3::bigint[], $4::int[])
                       with ordinality as a (user_id, page_size, page_offset, read_flag, i))
  select args.i, t.total, coalesce(p.list, '[]') as list
    from args
    cross join lateral (select count(*)::int as total from notices
                         where user_id = args.user_id and (args.read_flag is null or read_flag = args.read_flag)) t
    cross join lateral (select '[' || string_agg(n.json_head || n.read_flag || n.json_tail, ',' order by n.create_time desc, n.id desc) || ']' as list
                          from (select json_head, read_flag, json_tail, create_time, id from notices
                                 where user_id = args.user_id and (args.read_flag is null or read_flag = args.read_flag)
                                 order by create_time desc, id desc limit args.page_size offset args.page_offset) n) p
   order by args.i`;

/**
 * The list's data function: a caller's page as contract `Page<Notice>` JSON text (pageNum and
 * pageSize are integers checked by zod). Only the read is batched; who the caller is was
 * decided before the handler.
 */
export function noticePages(db: Db, metrics?: GatewayMetrics) {
  const pages = statementBatch<{ userId: string; q: ListQuery }, ListRow>(db, {
    name: 'notice_page_batch',
    sql: LIST_SQL,
    onBatch: metrics && ((size) => metrics.observeBatch('notice_page_batch', size)),
    params: (items) => [
      items.map(({ userId }) => userId),
      items.map(({ q }) => q.pageSize),
      items.map(({ q }) => (q.pageNum - 1) * q.pageSize),
      items.map(({ q }) => q.readFlag ?? null),
    ],
  });
  return async (userId: string, q: ListQuery): Promise<JsonText> => {
    const [row] = await pages({ userId, q });
    return new JsonText(`{"list":${row.list},"total":${row.total},"pageNum":${q.pageNum},"pageSize":${q.pageSize}}`);
  };
}

/** One row per request of the batch: its caller's unread notices, an index-only count. */
const UNREAD_SQL = `
  select a.i::int as i,
         (select count(*)::int from notices where user_id = a.user_id and read_flag = 0) as "unreadCount"
    from unnest($1::text[]) with ordinality as a (user_id, i)
   order by a.i`;

/** The unread count's data function, batched as the list's (decision 0038). */
export function unreadCounts(db: Db, metrics?: GatewayMetrics) {
  const counts = statementBatch<string, BatchRow & { unreadCount: number }>(db, {
    name: 'notice_unread_batch',
    sql: UNREAD_SQL,
    onBatch: metrics && ((size) => metrics.observeBatch('notice_unread_batch', size)),
    params: (userIds) => [userIds],
  });
  return async (userId: string) => {
    const [{ unreadCount }] = await counts(userId);
    return { unreadCount };
  };
}

export function noticeRoutes(app: FastifyInstance, { db, metrics }: AppContext) {
  const list = noticePages(db, metrics);
  for (const url of [endpoints.noticeList, endpoints.noticeListB]) {
    apiRoute(app, { method: 'GET', url, guard: 'required', input: noticeListQuery }, (q, req) => list(me(req), q));
  }

  const unread = unreadCounts(db, metrics);
  apiRoute(app, { method: 'GET', url: endpoints.noticeCount, guard: 'required' }, (_q, req) => unread(me(req)));

  apiRoute(app, { method: 'PUT', url: endpoints.noticeReadAll, guard: 'required' }, async (_b, req) => {
    const [row] = await db.query<{ updated: number }>(
      `with u as (update notices set read_flag = 1 where user_id = $1 and read_flag = 0 returning 1)
       select count(*)::int as updated from u`,
      [me(req)],
    );
    return row;
  });

  // docs/decisions/0004: `{ updated }`, 0 when already read, missing or not the caller's
  // (someone else's id reads exactly like a missing one).
  apiRoute(
    app,
    { method: 'PUT', url: endpoints.noticeReadOne, guard: 'required', input: idBody },
    async ({ id }, req) => {
      const [row] = await db.query<{ updated: number }>(
        `with u as (update notices set read_flag = 1 where id = $1 and user_id = $2 and read_flag = 0 returning 1)
       select count(*)::int as updated from u`,
        [id, me(req)],
      );
      return row;
    },
  );
}
