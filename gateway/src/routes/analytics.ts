/** B/md/sendMq (form; token optional): analytics events into an append-only table. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { sendMqBody } from '../../../contract/schemas';
import { apiRoute, type AppContext } from '../context';

export function analyticsRoutes(app: FastifyInstance, { db }: AppContext) {
  apiRoute(app, { method: 'POST', url: endpoints.sendMq, guard: 'optional', input: sendMqBody }, async (e, req) => {
    await db.query(
      'insert into analytics_events (user_id, event_code, page, index_code, payload) values ($1, $2, $3, $4, $5::jsonb)',
      [req.userId, e.eventCode, e.page, e.indexCode, e.payload],
    );
    return null;
  });
}
