/** B/md/sendMq (form; token optional): analytics events into an append-only table. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { sendMqBody } from '../../../contract/schemas';
import { apiRoute, type AppContext } from '../context';
import { BizError } from '../envelope';
import { hasUnstorableText, UNSTORABLE_TEXT_DESC } from '../text';

/** An anonymous write stays small: the form's fields fit well within 8 KB (DESIGN §8 "Anonymous writes"). */
export const SEND_MQ_BODY_LIMIT = 8 * 1024;

export function analyticsRoutes(app: FastifyInstance, { db }: AppContext) {
  apiRoute(app, { method: 'POST', url: endpoints.sendMq, guard: 'optional', input: sendMqBody, bodyLimit: SEND_MQ_BODY_LIMIT }, async (e, req) => {
    // The schema checks that `payload` is JSON; jsonb also refuses what JSON allows as an
    // escape (\u0000, a lone surrogate), which the edge check cannot see inside the text.
    if (hasUnstorableText(JSON.parse(e.payload))) throw new BizError(UNSTORABLE_TEXT_DESC);
    await db.query(
      'insert into analytics_events (user_id, event_code, page, index_code, payload) values ($1, $2, $3, $4, $5::jsonb)',
      [req.userId, e.eventCode, e.page, e.indexCode, e.payload],
    );
    return null;
  });
}
