/**
 * Notices (SPEC §7, DESIGN §3): A and B lists (same shape), unread count, read all, and our
 * extension read/one. The list is the hot path of the throughput bench: the guard's nonce and
 * token check, an index-only count and an index-backed LIMIT/OFFSET page in ONE named prepared
 * statement (decision 0013).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { idBody, noticeListQuery } from '../../../contract/schemas';
import type { Notice, Page } from '../../../contract/types';
import { apiRoute, me, type AppContext } from '../context';
import { GUARD_CTES, guardedQuery } from '../guard';

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

// UTC wall time + 8 h is Shanghai's (no daylight saving; time.ts): no time zone database needed.
const COLUMNS = `id, title, content, notice_type, read_flag, link_url,
  to_char(create_time at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') as create_time_text`;
const ORDER = 'order by create_time desc, id desc limit $3 offset $4';

export const toNotice = (r: NoticeRow): Notice => ({
  id: Number(r.id),
  title: r.title,
  content: r.content,
  noticeType: r.notice_type,
  readFlag: r.read_flag === 1 ? 1 : 0,
  createTime: r.create_time_text,
  ...(r.link_url ? { linkUrl: r.link_url } : {}),
});

export function noticeRoutes(app: FastifyInstance, { db }: AppContext) {
  /**
   * One round trip: the guard (its CTEs take $1 and $2), the index-only count and the
   * index-backed LIMIT/OFFSET page (a LEFT JOIN LATERAL keeps the guard row and the total when
   * the page is empty; a refused guard reads no one's notices). Two named statements, with and
   * without the readFlag filter, so each keeps a simple plan.
   */
  const list = async (request: FastifyRequest, q: { pageNum: number; pageSize: number; readFlag?: 0 | 1 }): Promise<Page<Notice>> => {
    const offset = (q.pageNum - 1) * q.pageSize;
    const filtered = q.readFlag !== undefined;
    const where = `user_id = (select user_id from caller)${filtered ? ' and read_flag = $5' : ''}`;
    const rows = await guardedQuery<NoticeRow & { total: number }>(
      db,
      request,
      `with ${GUARD_CTES},
         caller as (select user_id from guard where fresh),
         t as (select count(*)::int as total from notices where ${where})
       select guard.fresh, guard.user_id, t.total, n.* from guard cross join t
       left join lateral (select ${COLUMNS} from notices where ${where} ${ORDER}) n on true`,
      filtered ? [q.pageSize, offset, q.readFlag] : [q.pageSize, offset],
      filtered ? 'notice_page_flag' : 'notice_page',
    );
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
