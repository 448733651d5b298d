import { http } from 'msw';
import { endpoints } from '@contract/endpoints';
import { idBody, noticeListQuery } from '@contract/schemas';
import type { Notice } from '@contract/types';
import { db } from '../db';
import { caller, jsonBody, ok, paginate, parse, query } from './common';
import { url } from './common';

function list(request: Request) {
  const user = caller(request);
  if (user instanceof Response) return user;
  const q = parse(noticeListQuery, query(request));
  if (q instanceof Response) return q;
  const rows: Notice[] = db.notices
    .filter((n) => n.userId === user.userId && (q.readFlag === undefined || n.readFlag === q.readFlag))
    .sort((a, b) => b.createTime.localeCompare(a.createTime) || b.id - a.id)
    .map(({ userId: _u, ...notice }) => notice);
  return ok(paginate(rows, q.pageNum, q.pageSize));
}

export const noticeHandlers = [
  http.get(url(endpoints.noticeList), ({ request }) => list(request)),
  http.get(url(endpoints.noticeListB), ({ request }) => list(request)),
  http.get(url(endpoints.noticeCount), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return ok({ unreadCount: db.notices.filter((n) => n.userId === user.userId && n.readFlag === 0).length });
  }),
  http.put(url(endpoints.noticeReadAll), ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    let updated = 0;
    for (const n of db.notices) {
      if (n.userId === user.userId && n.readFlag === 0) {
        n.readFlag = 1;
        updated += 1;
      }
    }
    return ok({ updated });
  }),
  http.put(url(endpoints.noticeReadOne), async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(idBody, await jsonBody(request));
    if (body instanceof Response) return body;
    const notice = db.notices.find((n) => n.id === body.id && n.userId === user.userId);
    const updated = notice && notice.readFlag === 0 ? 1 : 0;
    if (notice) notice.readFlag = 1;
    return ok({ updated });
  }),
];
