/**
 * GET A/rights/list (docs/product.md §7.6 extension). Status is computed, never stored: expired when
 * validTo is before today (Asia/Shanghai), used when the times are used up, else available.
 * The list is one of the first screens' batched reads (screen-reads.ts, decision 0038).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { rightsListQuery } from '../../../contract/schemas';
import { apiRoute, type AppContext, me } from '../context';

export function rightsRoutes(app: FastifyInstance, { reads }: AppContext) {
  apiRoute(app, { method: 'GET', url: endpoints.rightsList, guard: 'required', input: rightsListQuery }, (q, req) =>
    reads({ kind: 'rights', userId: me(req), ...q }),
  );
}
