/**
 * The first screens' reads in one batched statement (decision 0038): the notice list, the
 * unread count, the rights list and the consumption counts of the requests that arrive while
 * the previous statement runs go together in the next, whatever their kind, so a customer's
 * session (home, rights, messages, mine) costs the database one statement per batch as a
 * single screen does. PostgreSQL writes each answer's `obj` as JSON text (decision 0016), sent
 * as it is. Who the caller is was decided by the guard stage before (decision 0030).
 */
import type { Db } from './db/index';
import { type BatchRow, statementBatch } from './db/statement-batch';
import { JsonText } from './envelope';
import type { GatewayMetrics } from './ops/metrics';
import { todayInShanghai } from './time';

/** One read: its kind, its caller, and what its kind takes. */
export type ScreenRead =
  | { kind: 'notices'; userId: string; pageNum: number; pageSize: number; readFlag?: 0 | 1 }
  | { kind: 'unread'; userId: string }
  | { kind: 'rights'; userId: string; productLine?: string; status?: string }
  | { kind: 'consume'; userId: string };

/**
 * One row per read, by its place `i`: `args` holds the batch ($1 kinds, $2 callers, $3 page
 * numbers, $4 page sizes, $5 read flags, $6 product lines, $7 statuses; $8 today), and each
 * branch answers the reads of its kind.
 * - notices: an index-only count and an index-backed LIMIT/OFFSET page; each notice's JSON
 *   (ASCII) was written with it (migration 002, decision 0017), put around its read flag.
 * - unread: the caller's unread notices, an index-only count.
 * - rights: the caller's rights in id order, each `row_to_json` in the contract's field order,
 *   the status computed against today in Asia/Shanghai.
 * - consume: the caller's consumptions counted as /mine shows them.
 */
const SQL = `
  with args as materialized (
    select kind, user_id, page_num, page_size, read_flag, product_line, status, i::int as i
      from unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::int[], $6::text[], $7::text[])
           with ordinality as a (kind, user_id, page_num, page_size, read_flag, product_line, status, i))
  select a.i, '{"list":' || coalesce(p.list, '[]') || ',"total":' || t.total
              || ',"pageNum":' || a.page_num || ',"pageSize":' || a.page_size || '}' as json
    from args a
    cross join lateral (select count(*)::int as total from notices
                         where user_id = a.user_id and (a.read_flag is null or read_flag = a.read_flag)) t
    cross join lateral (select '[' || string_agg(n.json_head || n.read_flag || n.json_tail, ',' order by n.create_time desc, n.id desc) || ']' as list
                          from (select json_head, read_flag, json_tail, create_time, id from notices
                                 where user_id = a.user_id and (a.read_flag is null or read_flag = a.read_flag)
                                 order by create_time desc, id desc
                                 limit a.page_size offset (a.page_num - 1) * a.page_size) n) p
   where a.kind = 'notices'
  union all
  select a.i, '{"unreadCount":' || (select count(*) from notices where user_id = a.user_id and read_flag = 0) || '}'
    from args a
   where a.kind = 'unread'
  union all
  select a.i, coalesce(l.list, '[]')
    from args a
    cross join lateral (
      select '[' || string_agg(row_to_json(r)::text, ',' order by r.id) || ']' as list
        from (select id, name, service_code as "serviceCode", product_line as "productLine",
                     policy_no as "policyNo", total_times as "totalTimes", used_times as "usedTimes",
                     to_char(valid_from, 'YYYY-MM-DD') as "validFrom", to_char(valid_to, 'YYYY-MM-DD') as "validTo",
                     case when valid_to < $8::date then 'expired'
                          when total_times is not null and used_times >= total_times then 'used'
                          else 'available' end as status
                from rights
               where user_id = a.user_id and (a.product_line is null or product_line = a.product_line)) r
       where a.status is null or r.status = a.status) l
   where a.kind = 'rights'
  union all
  select a.i, '{"total":' || t.total || ',"toEvaluate":' || t.to_evaluate || ',"evaluated":' || t.evaluated || '}'
    from args a
    cross join lateral (
      select count(*) as total,
             count(*) filter (where c.status = 'success' and e.id is null) as to_evaluate,
             count(e.id) as evaluated
        from consumptions c left join evaluations e on e.consume_id = c.id
       where c.user_id = a.user_id) t
   where a.kind = 'consume'`;

/** The reads' data function: a read's `obj` as JSON text. One per app, shared by the routes. */
export function screenReads(db: Db, metrics?: GatewayMetrics) {
  const batch = statementBatch<ScreenRead, BatchRow & { json: string }>(db, {
    name: 'screen_read_batch',
    sql: SQL,
    onBatch: metrics && ((size) => metrics.observeBatch('screen_read_batch', size)),
    params: (reads) => [
      reads.map((r) => r.kind),
      reads.map((r) => r.userId),
      reads.map((r) => (r.kind === 'notices' ? r.pageNum : null)),
      reads.map((r) => (r.kind === 'notices' ? r.pageSize : null)),
      reads.map((r) => (r.kind === 'notices' ? (r.readFlag ?? null) : null)),
      reads.map((r) => (r.kind === 'rights' ? (r.productLine ?? null) : null)),
      reads.map((r) => (r.kind === 'rights' ? (r.status ?? null) : null)),
      todayInShanghai(),
    ],
  });
  return async (read: ScreenRead): Promise<JsonText> => {
    const [row] = await batch(read);
    return new JsonText(row.json);
  };
}
