/**
 * POST /admin/writeOff/confirm (docs/product.md §7.6): what a provider's system does when it scans a
 * write-off code. GET /admin/attribution (decision 0025): whom a customer's first login was
 * attributed to. Not header-checked; both need X-Admin-Key.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BizDesc, Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { adminAttributionQuery, adminConfirmBody } from '../../../contract/schemas';
import type { Attribution, Consumption } from '../../../contract/types';
import { normalizeMobile } from '../../../contract/validation';
import { apiRoute, type AppContext } from '../context';
import { BizError, envelope } from '../envelope';
import { formatDateTime, todayInShanghai } from '../time';

const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

type Outcome =
  | {
      ok: true;
      consumption: Pick<Consumption, 'id' | 'status' | 'consumeTime' | 'providerName' | 'writeOffCode'> & {
        usedTimes: number;
      };
    }
  | { ok: false; desc: string };

export function adminRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.addHook('onRequest', async (request, reply) => {
    // NOTE: the router decodes the path before matching, so `/%61dmin/writeOff/confirm`
    // reaches the admin route while its raw URL does not start with /admin/: the matched
    // route's own pattern decides, the raw URL only keeps unknown /admin/ paths behind the key.
    const route = request.routeOptions.url;
    if (!route?.startsWith('/admin/') && !request.url.startsWith('/admin/')) return;
    const key = request.headers['x-admin-key'];
    if (typeof key !== 'string' || !config.adminKey || !sameKey(key, config.adminKey)) {
      return reply.send(envelope(Code.unauthorized, BizDesc.adminKeyInvalid, null));
    }
  });

  apiRoute(app, { method: 'POST', url: endpoints.adminWriteOffConfirm, input: adminConfirmBody }, async (body) => {
    // One transaction: lock the consumption row, then a conditional UPDATE of the right.
    // DB guards: SELECT … FOR UPDATE serialises confirms of one code (the losers then see
    // 'success'); `used_times < total_times` in the UPDATE (and the rights_used_within_total
    // check) keeps usedTimes ≤ totalTimes whatever the code does.
    const outcome = await db.transaction<Outcome>(async (tx) => {
      const [c] = await tx.query<{ id: string; status: string; right_id: string; live: boolean }>(
        `select id, status, right_id, expire_time > now() as live from consumptions where write_off_code = $1 for update`,
        [body.writeOffCode],
      );
      if (!c) return { ok: false, desc: BizDesc.codeNotFound };
      if (c.status === 'success') return { ok: false, desc: BizDesc.codeUsed };
      if (c.status !== 'pending' || !c.live) {
        if (c.status === 'pending') await tx.query(`update consumptions set status = 'expired' where id = $1`, [c.id]);
        return { ok: false, desc: BizDesc.codeExpired };
      }
      const [right] = await tx.query<{ used_times: number }>(
        `update rights set used_times = used_times + 1
          where id = $1 and (total_times is null or used_times < total_times) and valid_to >= $2::date
          returning used_times`,
        [c.right_id, todayInShanghai()],
      );
      if (!right) return { ok: false, desc: BizDesc.rightUsedUp };
      const [done] = await tx.query<{
        id: string;
        status: 'success';
        consume_time: Date;
        provider_name: string;
        write_off_code: string;
      }>(
        `update consumptions set status = 'success', consume_time = now(), provider_name = $2
          where id = $1 and status = 'pending'
          returning id, status, consume_time, provider_name, write_off_code`,
        [c.id, body.providerName],
      );
      return {
        ok: true,
        consumption: {
          id: Number(done.id),
          status: done.status,
          consumeTime: formatDateTime(done.consume_time),
          providerName: done.provider_name,
          writeOffCode: done.write_off_code,
          usedTimes: right.used_times,
        },
      };
    });
    if (!outcome.ok) throw new BizError(outcome.desc);
    return outcome.consumption;
  });

  apiRoute(
    app,
    { method: 'GET', url: endpoints.adminAttribution, input: adminAttributionQuery },
    async ({ phone }): Promise<Attribution | null> => {
      const [row] = await db.query<{
        promoter_id: string | null;
        agent_id: string | null;
        source: string;
        created_at: Date;
      }>(
        `select a.promoter_id, a.agent_id, a.source, a.created_at
         from attributions a join users u on u.id = a.user_id
        where u.mobile_phone = $1`,
        [normalizeMobile(phone)],
      );
      if (!row) return null;
      return {
        promoterId: row.promoter_id,
        agentId: row.agent_id,
        source: row.source,
        createTime: formatDateTime(row.created_at) as string,
      };
    },
  );
}
