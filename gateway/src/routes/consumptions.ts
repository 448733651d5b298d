/**
 * Consumption records, write-off and evaluation (DESIGN §3, §4 "Using a right"). The races
 * are closed by the database, not by this code: one pending consumption per right (partial
 * unique index), one evaluation per consumption (unique constraint).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BizDesc } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { consumeListQuery, evaluateBody, idQuery, writeOffBody } from '../../../contract/schemas';
import type { ConsumeCount, Consumption, Evaluation, Page } from '../../../contract/types';
import { apiRoute, type AppContext, me } from '../context';
import type { Queryable } from '../db/index';
import { BizError } from '../envelope';
import { formatDateTime, todayInShanghai } from '../time';

/** A write-off code lives 15 minutes (DESIGN §3). */
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

/** 12 random digits. */
export const newWriteOffCode = () =>
  String(randomInt(0, 1_000_000)).padStart(6, '0') + String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A pending code older than 15 minutes reads as expired: mark it so when read. */
export const expireStale = (q: Queryable, where: 'user' | 'right' | 'code', key: string | number) =>
  q.query(
    `update consumptions set status = 'expired'
      where status = 'pending' and expire_time <= now() and ${where === 'user' ? 'user_id' : where === 'right' ? 'right_id' : 'write_off_code'} = $1`,
    [key],
    `expire_stale_${where}`,
  );

export function consumptionRoutes(app: FastifyInstance, { db, data }: AppContext) {
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

  apiRoute(app, { method: 'GET', url: endpoints.consumeCount, guard: 'required' }, async (_q, req) => {
    const [row] = await db.query<ConsumeCount>(
      `select count(*)::int as total,
              count(*) filter (where c.status = 'success' and e.id is null)::int as "toEvaluate",
              count(e.id)::int as evaluated
         from consumptions c left join evaluations e on e.consume_id = c.id
        where c.user_id = $1`,
      [me(req)],
      'consume_count',
    );
    return row;
  });

  apiRoute(
    app,
    { method: 'GET', url: endpoints.consumeList, guard: 'required', input: consumeListQuery },
    async (q, req): Promise<Page<Consumption>> => {
      const userId = me(req);
      await expireStale(db, 'user', userId);
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
      const [right] = await db.query<{
        id: string;
        total_times: number | null;
        used_times: number;
        in_date: boolean;
        service_code: string;
      }>(
        `select id, total_times, used_times, valid_to >= $3::date as in_date, service_code
         from rights where id = $1 and user_id = $2`,
        [rightId, userId, todayInShanghai()],
        'write_off_right',
      );
      if (!right) throw new BizError(BizDesc.rightNotFound);
      if (!right.in_date) throw new BizError(BizDesc.rightExpired);
      if (right.total_times !== null && right.used_times >= right.total_times) throw new BizError(BizDesc.rightUsedUp);
      await expireStale(db, 'right', rightId);
      const provider = data.serviceByCode.get(right.service_code)?.provider ?? '';
      // DB guard: the partial unique index consumptions_one_pending_per_right. A concurrent
      // insert waits for the other and then does nothing; both answer with the same pending row.
      const inserted = await db.query<{ id: string }>(
        `insert into consumptions (user_id, right_id, provider_name, write_off_code, status, expire_time)
       values ($1, $2, $3, $4, 'pending', now() + interval '${WRITE_OFF_TTL_MINUTES} minutes')
       on conflict (right_id) where status = 'pending' do nothing
       returning id`,
        [userId, rightId, provider, newWriteOffCode()],
        'write_off_insert',
      );
      const [row] = inserted.length
        ? await db.query<ConsumptionRow>(`${CONSUMPTION_SELECT} where c.id = $1`, [inserted[0].id], 'consumption_by_id')
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
      const [c] = await db.query<{ status: string }>(
        'select status from consumptions where id = $1 and user_id = $2',
        [body.consumeId, userId],
        'evaluate_status',
      );
      if (!c) throw new BizError(BizDesc.consumeNotFound);
      if (c.status !== 'success') throw new BizError(BizDesc.notEvaluable);
      // DB guard: the unique constraint evaluations_consume_id_key.
      const [row] = await db.query<{ id: string; create_time: Date }>(
        `insert into evaluations (consume_id, user_id, score, content, tags) values ($1, $2, $3, $4, $5::jsonb)
       on conflict (consume_id) do nothing returning id, create_time`,
        [body.consumeId, userId, body.score, body.content, JSON.stringify(body.tags)],
        'evaluate_insert',
      );
      if (!row) throw new BizError(BizDesc.alreadyEvaluated);
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
