/**
 * Notices (SPEC §7, DESIGN §3): A and B lists (same shape), unread count, read all, and our
 * extension read/one. The list is the hot path of the throughput bench: an index-backed
 * LIMIT/OFFSET query plus an index-only count, both named prepared statements.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { idBody, noticeListQuery } from '../../../contract/schemas';
import type { Notice, Page } from '../../../contract/types';
import { apiRoute, me, type AppContext } from '../context';
import { formatDateTime } from '../time';

interface NoticeRow {
  id: string | number | null;
  title: string;
  content: string;
  notice_type: Notice['noticeType'];
  read_flag: number;
  link_url: string | null;
  create_time: Date;
}

const COLUMNS = 'id, title, content, notice_type, read_flag, link_url, create_time';
const ORDER = 'order by create_time desc, id desc limit $2 offset $3';

export const toNotice = (r: NoticeRow): Notice => ({
  id: Number(r.id),
  title: r.title,
  content: r.content,
  noticeType: r.notice_type,
  readFlag: r.read_flag === 1 ? 1 : 0,
  createTime: formatDateTime(r.create_time) as string,
  ...(r.link_url ? { linkUrl: r.link_url } : {}),
});

export function noticeRoutes(app: FastifyInstance, { db }: AppContext) {
  /**
   * One round trip: the index-only count and the index-backed LIMIT/OFFSET page in one
   * statement (a LEFT JOIN LATERAL keeps the total when the page is empty). Two named
   * statements, with and without the readFlag filter, so each keeps a simple plan.
   */
  const list = async (userId: string, q: { pageNum: number; pageSize: number; readFlag?: 0 | 1 }): Promise<Page<Notice>> => {
    const offset = (q.pageNum - 1) * q.pageSize;
    const filtered = q.readFlag !== undefined;
    const where = filtered ? 'user_id = $1 and read_flag = $4' : 'user_id = $1';
    const rows = await db.query<NoticeRow & { total: number }>(
      `with t as (select count(*)::int as total from notices where ${where})
       select t.total, n.* from t
       left join lateral (select ${COLUMNS} from notices where ${where} ${ORDER}) n on true`,
      filtered ? [userId, q.pageSize, offset, q.readFlag] : [userId, q.pageSize, offset],
      filtered ? 'notice_page_flag' : 'notice_page',
    );
    const list = rows[0].id === null ? [] : rows.map(toNotice);
    return { list, total: rows[0].total, pageNum: q.pageNum, pageSize: q.pageSize };
  };

  for (const url of [endpoints.noticeList, endpoints.noticeListB]) {
    apiRoute(app, { method: 'GET', url, guard: 'required', input: noticeListQuery }, (q, req) => list(me(req), q));
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
