/**
 * Notices (SPEC §7, DESIGN §3): A and B lists (same shape), unread count, read all, and our
 * extension read/one. The list is the hot path of the throughput bench: the guard's nonce and
 * token check, an index-only count and an index-backed LIMIT/OFFSET page in ONE named prepared
 * statement (decision 0013), shared by the requests of one event-loop turn (decision 0014).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { idBody, noticeListQuery } from '../../../contract/schemas';
import type { Notice, Page } from '../../../contract/types';
import { apiRoute, me, type AppContext } from '../context';
import { GUARD_BATCH_CTES, guardedBatch, type BatchRow } from '../guard';

interface NoticeRow {
  id: string | number | null;
  title: string;
  content: string;
  notice_type: Notice['noticeType'];
  read_flag: number;
  link_url: string | null;
  /** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai, formatted by PostgreSQL (no Date round trip). */
  create_time_text: string;
}

/** One row of the batched list: a request's guard and total, and one notice of its page (or nulls). */
type ListRow = NoticeRow & BatchRow & { total: number };

type ListQuery = { pageNum: number; pageSize: number; readFlag?: 0 | 1 };

export const toNotice = (r: NoticeRow): Notice => ({
  id: Number(r.id),
  title: r.title,
  content: r.content,
  noticeType: r.notice_type,
  readFlag: r.read_flag === 1 ? 1 : 0,
  createTime: r.create_time_text,
  ...(r.link_url ? { linkUrl: r.link_url } : {}),
});

/**
 * The list of every request in the batch in one statement (decisions 0013, 0014): the guard
 * (its CTEs take $1 and $2), then, for a passed guard only, an index-only count and an
 * index-backed LIMIT/OFFSET page. The LEFT JOIN LATERAL keeps the guard row and the total when
 * a page is empty; `pos` keeps each page in its order. UTC wall time + 8 h is Shanghai's (no
 * daylight saving; time.ts): no time zone database needed. (Building the Notice JSON in SQL
 * was tried: it moved more CPU into PostgreSQL than it saved in Node.)
 */
const LIST_SQL = `
  with ${GUARD_BATCH_CTES},
    args as (select page_size, page_offset, read_flag, i::int as i
               from unnest($3::int[], $4::int[], $5::int[]) with ordinality as a (page_size, page_offset, read_flag, i)),
    mine as (select guard.i, guard.user_id, args.page_size, args.page_offset, args.read_flag
               from guard join args on args.i = guard.i where guard.fresh and guard.user_id is not null)
  select guard.i, guard.fresh, guard.user_id, coalesce(t.total, 0) as total,
         n.id, n.title, n.content, n.notice_type, n.read_flag, n.link_url, n.create_time_text
    from guard
    left join mine on mine.i = guard.i
    left join lateral (select count(*)::int as total from notices
                        where user_id = mine.user_id and (mine.read_flag is null or read_flag = mine.read_flag)) t on true
    left join lateral (select id, title, content, notice_type, read_flag, link_url,
                              to_char(create_time at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') as create_time_text,
                              row_number() over (order by create_time desc, id desc) as pos
                         from notices
                        where user_id = mine.user_id and (mine.read_flag is null or read_flag = mine.read_flag)
                        order by create_time desc, id desc limit mine.page_size offset mine.page_offset) n on true
   order by guard.i, n.pos`;

export function noticeRoutes(app: FastifyInstance, { db }: AppContext) {
  const listBatch = guardedBatch<ListQuery, ListRow>(db, {
    name: 'notice_page_batch',
    sql: LIST_SQL,
    params: (qs) => [qs.map((q) => q.pageSize), qs.map((q) => (q.pageNum - 1) * q.pageSize), qs.map((q) => q.readFlag ?? null)],
  });

  const list = async (request: FastifyRequest, q: ListQuery): Promise<Page<Notice>> => {
    const rows = await listBatch(request, q);
    const list = rows[0].id === null ? [] : rows.map(toNotice);
    return { list, total: rows[0].total, pageNum: q.pageNum, pageSize: q.pageSize };
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
