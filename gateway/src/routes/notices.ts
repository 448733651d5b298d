/**
 * Notices (docs/product.md §7, docs/product.md §7.5): A and B lists (same shape), unread count, read all, and our
 * extension read/one. The list is the hot path of the throughput bench. Its route runs behind
 * the guard stage like every other (decision 0030); the list and the unread count are first
 * screens' reads, batched with the others in one statement (screen-reads.ts: decisions 0014,
 * 0016, 0017, 0019, 0038).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { idBody, noticeListQuery } from '../../../contract/schemas';
import { apiRoute, type AppContext, me } from '../context';

export function noticeRoutes(app: FastifyInstance, { db, reads }: AppContext) {
  for (const url of [endpoints.noticeList, endpoints.noticeListB]) {
    apiRoute(app, { method: 'GET', url, guard: 'required', input: noticeListQuery }, (q, req) =>
      reads({ kind: 'notices', userId: me(req), ...q }),
    );
  }

  apiRoute(app, { method: 'GET', url: endpoints.noticeCount, guard: 'required' }, (_q, req) =>
    reads({ kind: 'unread', userId: me(req) }),
  );

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
