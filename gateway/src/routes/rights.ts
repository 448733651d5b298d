/**
 * GET A/rights/list (DESIGN §3 extension). Status is computed, never stored: expired when
 * validTo is before today (Asia/Shanghai), used when the times are used up, else available.
 * The requests that arrive while one list statement runs share the next, and PostgreSQL
 * writes each list as JSON text (decisions 0014, 0016, 0038), as for the notice list.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { rightsListQuery } from '../../../contract/schemas';
import type { Right } from '../../../contract/types';
import { apiRoute, type AppContext, me } from '../context';
import type { Db } from '../db/index';
import { JsonText } from '../envelope';
import { type BatchRow, statementBatch } from '../guard';
import type { GatewayMetrics } from '../ops/metrics';
import { todayInShanghai } from '../time';

type RightsQuery = { productLine?: Right['productLine']; status?: Right['status'] };

/**
 * One row per request of the batch ($1 callers, $2 product lines, $3 statuses, $4 today): its
 * rights in id order as a JSON array of contract `Right`s (`[]` when none match).
 */
const RIGHTS_SQL = `
  with args as (select user_id, product_line, status, i::int as i
                  from unnest($1::text[], $2::text[], $3::text[]) with ordinality as a (user_id, product_line, status, i))
  select args.i, coalesce(l.list, '[]') as list
    from args
    cross join lateral (
      select '[' || string_agg(row_to_json(r)::text, ',' order by r.id) || ']' as list
        from (select id, name, service_code as "serviceCode", product_line as "productLine",
                     policy_no as "policyNo", total_times as "totalTimes", used_times as "usedTimes",
                     to_char(valid_from, 'YYYY-MM-DD') as "validFrom", to_char(valid_to, 'YYYY-MM-DD') as "validTo",
                     case when valid_to < $4::date then 'expired'
                          when total_times is not null and used_times >= total_times then 'used'
                          else 'available' end as status
                from rights
               where user_id = args.user_id and (args.product_line is null or product_line = args.product_line)) r
       where args.status is null or r.status = args.status) l
   order by args.i`;

/** The list's data function: a caller's rights as contract `Right[]` JSON text. */
export function rightsLists(db: Db, metrics?: GatewayMetrics) {
  const lists = statementBatch<{ userId: string; q: RightsQuery }, BatchRow & { list: string }>(db, {
    name: 'rights_list_batch',
    sql: RIGHTS_SQL,
    onBatch: metrics && ((size) => metrics.observeBatch('rights_list_batch', size)),
    params: (items) => [
      items.map(({ userId }) => userId),
      items.map(({ q }) => q.productLine ?? null),
      items.map(({ q }) => q.status ?? null),
      todayInShanghai(),
    ],
  });
  return async (userId: string, q: RightsQuery): Promise<JsonText> => {
    const [row] = await lists({ userId, q });
    return new JsonText(row.list);
  };
}

export function rightsRoutes(app: FastifyInstance, { db, metrics }: AppContext) {
  const list = rightsLists(db, metrics);
  apiRoute(app, { method: 'GET', url: endpoints.rightsList, guard: 'required', input: rightsListQuery }, (q, req) =>
    list(me(req), q),
  );
}
