/**
 * GET A/portalIndex/getMore (public): the /index/servMore sections, built from
 * serviceCatalog.json grouped by category. The indexCode's own grid comes first as 为您推荐,
 * so each home (index, ebt, ryb, indexNew) leads with its product line's services.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { getMoreQuery } from '../../../contract/schemas';
import type { CatalogService, GetMoreResult, ServiceBrief } from '../../../contract/types';
import { apiRoute, type AppContext, type StaticData } from '../context';

const brief = (s: CatalogService): ServiceBrief => ({ code: s.code, name: s.name, icon: s.icon, summary: s.summary });

/** The sections for one indexCode; an unknown indexCode gets the default home's. */
export function buildSections(data: StaticData, indexCode: string): GetMoreResult {
  const entry = data.indexConfig[indexCode] ?? data.indexConfig.index;
  const sections: GetMoreResult['sections'] = [];
  const recommended = (entry?.grid ?? [])
    .map((code) => data.serviceByCode.get(code))
    .filter((s): s is CatalogService => !!s);
  if (recommended.length) sections.push({ code: 'recommend', title: '为您推荐', services: recommended.map(brief) });
  for (const category of data.catalog.categories) {
    const services = data.catalog.services.filter((s) => s.category === category.code);
    if (services.length) sections.push({ code: category.code, title: category.name, services: services.map(brief) });
  }
  return { sections };
}

export function portalRoutes(app: FastifyInstance, { data }: AppContext) {
  apiRoute(
    app,
    { method: 'GET', url: endpoints.portalGetMore, guard: 'optional', input: getMoreQuery },
    async ({ indexCode }) => buildSections(data, indexCode),
  );
}
