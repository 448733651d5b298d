/**
 * Consumption records, write-off and evaluation (docs/product.md §7.6, §4.4). The races
 * are closed by the database, not by this code: one pending consumption per right (partial
 * unique index), one evaluation per consumption (unique constraint).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BizDesc } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { consumeListQuery, evaluateBody, idQuery, writeOffBody } from '../../../contract/schemas';
import type { Consumption, Evaluation, Page } from '../../../contract/types';
import { apiRoute, type AppContext, me } from '../context';
import type { Queryable } from '../db/index';
import { BizError } from '../envelope';
import { formatDateTime, todayInShanghai } from '../time';

/** A write-off code lives 15 minutes (docs/product.md §7.6). */
export const WRITE_OFF_TTL_MINUTES = 15;

interface ConsumptionRow {
  id: string | number;
  right_id: string | number;
  right_name: string;
  service_code: string;
  provider_name: string;
  write_off_code: string;
  status: Consumption['status'];
  create_time: Date;
  consume_time: Date | null;
  expire_time: Date | null;
  score: number | null;
  content: string | null;
  tags: string[] | null;
}

export const CONSUMPTION_SELECT = `
  select c.id, c.right_id, r.name as right_name, r.service_code, c.provider_name, c.write_off_code,
         c.status, c.create_time, c.consume_time, c.expire_time, e.score, e.content, e.tags
    from consumptions c
    join rights r on r.id = c.right_id
    left join evaluations e on e.consume_id = c.id`;

/**
 * The caller's right, with its stale pending codes marked expired in the same statement (the
 * update reads nothing the select answers). $1 right, $2 caller, $3 today.
 */
const WRITE_OFF_RIGHT_SQL = `
  with stale as (update consumptions set status = 'expired'
                  where right_id = $1 and status = 'pending' and expire_time <= now()
                    and exists (select 1 from rights where id = $1 and user_id = $2))
  select total_times, used_times, valid_to >= $3::date as in_date, service_code
    from rights where id = $1 and user_id = $2`;

/** A new pending code ($1 caller, $2 right, $3 provider, $4 code) answered as its row; none on a conflict. */
const WRITE_OFF_INSERT_SQL = `
  with c as (insert into consumptions (user_id, right_id, provider_name, write_off_code, status, expire_time)
             values ($1, $2, $3, $4, 'pending', now() + interval '${WRITE_OFF_TTL_MINUTES} minutes')
             on conflict (right_id) where status = 'pending' do nothing
             returning id, right_id, provider_name, write_off_code, status, create_time, consume_time, expire_time)
  select c.id, c.right_id, r.name as right_name, r.service_code, c.provider_name, c.write_off_code,
         c.status, c.create_time, c.consume_time, c.expire_time,
         null::int as score, null::text as content, null::jsonb as tags
    from c join rights r on r.id = c.right_id`;

/** The evaluation of the caller's successful consumption ($1, $2 caller); none when refused. */
const EVALUATE_INSERT_SQL = `
  insert into evaluations (consume_id, user_id, score, content, tags)
  select c.id, c.user_id, $3::int, $4::text, $5::jsonb from consumptions c
   where c.id = $1 and c.user_id = $2 and c.status = 'success'
  on conflict (consume_id) do nothing
  returning id, create_time`;

/** 12 random digits. */
export const newWriteOffCode = () =>
  String(randomInt(0, 1_000_000)).padStart(6, '0') + String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A pending code older than 15 minutes reads as expired: the caller's are marked so when their
 * list is read (the write-off and the confirm mark theirs in their own statements).
 */
const expireStale = (q: Queryable, userId: string) =>
  q.query(
    `update consumptions set status = 'expired' where status = 'pending' and expire_time <= now() and user_id = $1`,
    [userId],
    'expire_stale_user',
  );

export function consumptionRoutes(app: FastifyInstance, { db, data, reads }: AppContext) {
  const toConsumption = (r: ConsumptionRow): Consumption => {
    const evaluated = r.score !== null;
    const c: Consumption = {
      id: Number(r.id),
      rightId: Number(r.right_id),
      rightName: r.right_name,
      serviceCode: r.service_code,
      serviceName: data.serviceByCode.get(r.service_code)?.name ?? r.right_name,
      providerName: r.provider_name,
      writeOffCode: r.write_off_code,
      status: r.status,
      createTime: formatDateTime(r.create_time) as string,
      evaluateStatus: evaluated ? 1 : 0,
    };
    if (r.consume_time) c.consumeTime = formatDateTime(r.consume_time);
    if (r.status === 'pending' && r.expire_time) c.expireTime = formatDateTime(r.expire_time);
    if (evaluated) {
      c.score = r.score as number;
      c.content = r.content ?? '';
      c.tags = r.tags ?? [];
    }
    return c;
  };

  const detail = async (q: Queryable, id: number | string, userId: string) => {
    const [row] = await q.query<ConsumptionRow>(`${CONSUMPTION_SELECT} where c.id = $1 and c.user_id = $2`, [
      id,
      userId,
    ]);
    return row ? toConsumption(row) : undefined;
  };

  apiRoute(app, { method: 'GET', url: endpoints.consumeCount, guard: 'required' }, (_q, req) =>
    reads({ kind: 'consume', userId: me(req) }),
  );

  apiRoute(
    app,
    { method: 'GET', url: endpoints.consumeList, guard: 'required', input: consumeListQuery },
    async (q, req): Promise<Page<Consumption>> => {
      const userId = me(req);
      await expireStale(db, userId);
      const filter =
        q.evaluateStatus === undefined
          ? ''
          : q.evaluateStatus === 0
            ? `and c.status = 'success' and e.id is null`
            : 'and e.id is not null';
      const [rows, [{ total }]] = await Promise.all([
        db.query<ConsumptionRow>(
          `${CONSUMPTION_SELECT} where c.user_id = $1 ${filter} order by c.create_time desc, c.id desc limit $2 offset $3`,
          [userId, q.pageSize, (q.pageNum - 1) * q.pageSize],
        ),
        db.query<{ total: number }>(
          `select count(*)::int as total from consumptions c left join evaluations e on e.consume_id = c.id where c.user_id = $1 ${filter}`,
          [userId],
        ),
      ]);
      return { list: rows.map(toConsumption), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
  );

  apiRoute(
    app,
    { method: 'GET', url: endpoints.consumeDetail, guard: 'required', input: idQuery },
    async ({ id }, req) => {
      const userId = me(req);
      await db.query(
        `update consumptions set status = 'expired' where id = $1 and user_id = $2 and status = 'pending' and expire_time <= now()`,
        [id, userId],
      );
      const c = await detail(db, id, userId);
      // Someone else's id answers exactly like a missing one.
      if (!c) throw new BizError(BizDesc.consumeNotFound);
      return c;
    },
  );

  apiRoute(
    app,
    { method: 'POST', url: endpoints.writeOff, guard: 'required', input: writeOffBody },
    async ({ rightId }, req) => {
      const userId = me(req);
      // One round trip checks the right and expires its stale codes (as a read would); a
      // second inserts the code and answers its row (decision 0038).
      const [right] = await db.query<{
        total_times: number | null;
        used_times: number;
        in_date: boolean;
        service_code: string;
      }>(WRITE_OFF_RIGHT_SQL, [rightId, userId, todayInShanghai()], 'write_off_right');
      if (!right) throw new BizError(BizDesc.rightNotFound);
      if (!right.in_date) throw new BizError(BizDesc.rightExpired);
      if (right.total_times !== null && right.used_times >= right.total_times) throw new BizError(BizDesc.rightUsedUp);
      const provider = data.serviceByCode.get(right.service_code)?.provider ?? '';
      // DB guard: the partial unique index consumptions_one_pending_per_right. A concurrent
      // insert waits for the other and then does nothing; both answer with the same pending row.
      const [inserted] = await db.query<ConsumptionRow>(
        WRITE_OFF_INSERT_SQL,
        [userId, rightId, provider, newWriteOffCode()],
        'write_off_insert',
      );
      const [row] = inserted
        ? [inserted]
        : await db.query<ConsumptionRow>(
            `${CONSUMPTION_SELECT} where c.right_id = $1 and c.status = 'pending'`,
            [rightId],
            'consumption_pending',
          );
      if (!row) throw new Error('write-off: pending consumption vanished');
      return toConsumption(row);
    },
  );

  apiRoute(
    app,
    { method: 'POST', url: endpoints.evaluate, guard: 'required', input: evaluateBody },
    async (body, req): Promise<Evaluation> => {
      const userId = me(req);
      // DB guard: the unique constraint evaluations_consume_id_key. The insert reads the
      // consumption itself; only a refusal asks why (decision 0038).
      const [row] = await db.query<{ id: string; create_time: Date }>(
        EVALUATE_INSERT_SQL,
        [body.consumeId, userId, body.score, body.content, JSON.stringify(body.tags)],
        'evaluate_insert',
      );
      if (!row) {
        const [c] = await db.query<{ status: string }>(
          'select status from consumptions where id = $1 and user_id = $2',
          [body.consumeId, userId],
          'evaluate_status',
        );
        if (!c) throw new BizError(BizDesc.consumeNotFound);
        if (c.status !== 'success') throw new BizError(BizDesc.notEvaluable);
        throw new BizError(BizDesc.alreadyEvaluated);
      }
      return {
        id: Number(row.id),
        consumeId: body.consumeId,
        score: body.score,
        content: body.content,
        tags: body.tags,
        createTime: formatDateTime(row.create_time) as string,
      };
    },
  );
}
