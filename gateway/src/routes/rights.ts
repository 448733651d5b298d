/**
 * GET A/rights/list (DESIGN §3 extension). Status is computed, never stored: expired when
 * validTo is before today (Asia/Shanghai), used when the times are used up, else available.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { rightsListQuery } from '../../../contract/schemas';
import type { Right } from '../../../contract/types';
import { apiRoute, type AppContext, me } from '../context';
import { todayInShanghai } from '../time';

const STATUS_SQL = `case when valid_to < $2::date then 'expired'
                         when total_times is not null and used_times >= total_times then 'used'
                         else 'available' end`;

export function rightsRoutes(app: FastifyInstance, { db }: AppContext) {
  apiRoute(
    app,
    { method: 'GET', url: endpoints.rightsList, guard: 'required', input: rightsListQuery },
    async (q, req): Promise<Right[]> => {
      const rows = await db.query<{
        id: string;
        name: string;
        service_code: string;
        product_line: Right['productLine'];
        policy_no: string;
        total_times: number | null;
        used_times: number;
        valid_from: string;
        valid_to: string;
        status: Right['status'];
      }>(
        `select * from (
         select id, name, service_code, product_line, policy_no, total_times, used_times,
                to_char(valid_from, 'YYYY-MM-DD') as valid_from, to_char(valid_to, 'YYYY-MM-DD') as valid_to,
                ${STATUS_SQL} as status
           from rights where user_id = $1 and ($3::text is null or product_line = $3)
       ) r
       where $4::text is null or status = $4
       order by id`,
        [me(req), todayInShanghai(), q.productLine ?? null, q.status ?? null],
        'rights_list',
      );
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        serviceCode: r.service_code,
        productLine: r.product_line,
        policyNo: r.policy_no,
        totalTimes: r.total_times,
        usedTimes: r.used_times,
        validFrom: r.valid_from,
        validTo: r.valid_to,
        status: r.status,
      }));
    },
  );
}
