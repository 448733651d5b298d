/**
 * Notices (SPEC §7, DESIGN §3): A and B lists (same shape), unread count, read all, and our
 * extension read/one. The list is the hot path of the throughput bench: the guard's nonce and
 * token check, an index-only count and an index-backed LIMIT/OFFSET page in ONE named prepared
 * statement (decision 0013), shared by the requests that arrive while the previous one runs
 * (decisions 0014, 0019), and the page comes back as JSON text written by PostgreSQL
 * (decision 0016) from the JSON each notice carries (decision 0017).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { idBody, noticeListQuery } from '../../../contract/schemas';
import { apiRoute, me, type AppContext } from '../context';
import { JsonText } from '../envelope';
import { GUARD_BATCH_CTES, guardedBatch, type BatchRow } from '../guard';

/** One row per request of the batch: its guard, its total, and its page as a JSON array. */
type ListRow = BatchRow & { total: number; list: string };

type ListQuery = { pageNum: number; pageSize: number; readFlag?: 0 | 1 };

/**
 * The list of every request in the batch in one statement (decisions 0013, 0014): the guard
 * (its CTEs take $1 and $2), then, for a passed guard only, an index-only count and an
 * index-backed LIMIT/OFFSET page, aggregated into the page's JSON array in the list's order.
 * The LEFT JOINs keep the guard row and the total when a page is empty (or refused).
 * Each notice's JSON (ASCII only) was written with the notice (migration 002, decision 0017):
 * here it is only put around the read flag, the one field that changes.
 */
const LIST_SQL = `
  with ${GUARD_BATCH_CTES},
    args as (select page_size, page_offset, read_flag, i::int as i
               from unnest($3::int[], $4::bigint[], $5::int[]) with ordinality as a (page_size, page_offset, read_flag, i)),
    mine as (select guard.i, guard.user_id, args.page_size, args.page_offset, args.read_flag
               from guard join args on args.i = guard.i where guard.fresh and guard.user_id is not null)
  select guard.i, guard.fresh, guard.user_id, coalesce(t.total, 0) as total, coalesce(p.list, '[]') as list
    from guard
    left join mine on mine.i = guard.i
    left join lateral (select count(*)::int as total from notices
                        where user_id = mine.user_id and (mine.read_flag is null or read_flag = mine.read_flag)) t on true
    left join lateral (select '[' || string_agg(n.json_head || n.read_flag || n.json_tail, ',' order by n.create_time desc, n.id desc) || ']' as list
                         from (select json_head, read_flag, json_tail, create_time, id from notices
                                where user_id = mine.user_id and (mine.read_flag is null or read_flag = mine.read_flag)
                                order by create_time desc, id desc limit mine.page_size offset mine.page_offset) n) p on true
   order by guard.i`;

export function noticeRoutes(app: FastifyInstance, { db, metrics }: AppContext) {
  const listBatch = guardedBatch<ListQuery, ListRow>(db, {
    name: 'notice_page_batch',
    sql: LIST_SQL,
    onBatch: metrics && ((size) => metrics.observeGuardBatch('notice_page_batch', size)),
    params: (qs) => [qs.map((q) => q.pageSize), qs.map((q) => (q.pageNum - 1) * q.pageSize), qs.map((q) => q.readFlag ?? null)],
  });

  /** contract `Page<Notice>` as JSON text (pageNum and pageSize are integers checked by zod). */
  const list = async (request: FastifyRequest, q: ListQuery): Promise<JsonText> => {
    const [row] = await listBatch(request, q);
    return new JsonText(`{"list":${row.list},"total":${row.total},"pageNum":${q.pageNum},"pageSize":${q.pageSize}}`);
  };

  for (const url of [endpoints.noticeList, endpoints.noticeListB]) {
    apiRoute(app, { method: 'GET', url, guard: 'required', guardInQuery: true, input: noticeListQuery }, (q, req) => list(req, q));
  }

  apiRoute(app, { method: 'GET', url: endpoints.noticeCount, guard: 'required' }, async (_q, req) => {
    const [row] = await db.query<{ unreadCount: number }>(
      'select count(*)::int as "unreadCount" from notices where user_id = $1 and read_flag = 0',
      [me(req)],
      'notice_count_unread',
    );
    return row;
  });

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
  apiRoute(app, { method: 'PUT', url: endpoints.noticeReadOne, guard: 'required', input: idBody }, async ({ id }, req) => {
    const [row] = await db.query<{ updated: number }>(
      `with u as (update notices set read_flag = 1 where id = $1 and user_id = $2 and read_flag = 0 returning 1)
       select count(*)::int as updated from u`,
      [id, me(req)],
    );
    return row;
  });
}
