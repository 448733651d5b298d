/** B/md/sendMq (form; token optional): analytics events into an append-only table. */
import type { FastifyInstance } from 'fastify';
import { BizDesc } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { RumEvent } from '../../../contract/rum';
import { firstIssue, rumErrorPayload, rumVitalPayload, sendMqBody } from '../../../contract/schemas';
import { apiRoute, type AppContext } from '../context';
import { BizError } from '../envelope';
import type { GatewayMetrics } from '../ops/metrics';
import { hasUnstorableText, UNSTORABLE_TEXT_DESC } from '../text';

/** An anonymous write stays small: the form's fields fit well within 8 KB (docs/product.md §12.10). */
export const SEND_MQ_BODY_LIMIT = 8 * 1024;

/**
 * One statement: count the event in its address's minute unless the budget is spent, and
 * store it only when counted. The upsert locks the counter's row, so parallel requests on
 * any instance see each other's counts (decision 0022).
 */
const INSERT_WITHIN_BUDGET = `
  with counted as (
    insert into send_mq_budget (address, minute, events) values ($1, $2, 1)
    on conflict (address, minute) do update set events = send_mq_budget.events + 1
      where send_mq_budget.events < $3
    returning 1
  )
  insert into analytics_events (user_id, event_code, page, index_code, payload)
  select $4, $5, $6, $7, $8::jsonb where exists (select 1 from counted)
  returning 1 as stored`;

/**
 * A RUM event's payload, checked before it is stored (decision 0062): the metric it feeds once
 * stored, or a 10001 with the schema's message. Other events pass as they are.
 */
function rumObservation(eventCode: string, payload: unknown): ((metrics: GatewayMetrics) => void) | undefined {
  const schema =
    eventCode === RumEvent.vital ? rumVitalPayload : eventCode === RumEvent.error ? rumErrorPayload : undefined;
  if (!schema) return undefined;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new BizError(firstIssue(parsed.error));
  const rum = parsed.data;
  return 'name' in rum
    ? (metrics) => metrics.observeVital(rum.name, rum.route, rum.value)
    : (metrics) => metrics.countPortalError(rum.kind, rum.route);
}

export function analyticsRoutes(app: FastifyInstance, { db, config, metrics }: AppContext) {
  apiRoute(
    app,
    { method: 'POST', url: endpoints.sendMq, guard: 'optional', input: sendMqBody, bodyLimit: SEND_MQ_BODY_LIMIT },
    async (e, req) => {
      // The schema checks that `payload` is JSON; jsonb also refuses what JSON allows as an
      // escape (\u0000, a lone surrogate), which the edge check cannot see inside the text.
      const payload: unknown = JSON.parse(e.payload);
      if (hasUnstorableText(payload)) throw new BizError(UNSTORABLE_TEXT_DESC);
      const observe = rumObservation(e.eventCode, payload);
      // request.ip follows TRUST_PROXY: behind a proxy, the client's address, not the proxy's.
      const minute = Math.floor(Date.now() / 60_000);
      const stored = await db.query(INSERT_WITHIN_BUDGET, [
        req.ip,
        minute,
        config.sendMqPerMinute,
        req.userId,
        e.eventCode,
        e.page,
        e.indexCode,
        e.payload,
      ]);
      if (stored.length === 0) throw new BizError(BizDesc.sendMqBudget);
      // Counted only when stored: an address over its budget cannot skew the figures either.
      if (observe && metrics) observe(metrics);
      return null;
    },
  );
}
