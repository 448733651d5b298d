import type { CatalogService, IndexConfigEntry } from '@contract/types';
import { getIndexConfig, getServiceCatalog } from '@/api/early-json';
import { DEFAULT_INDEX_CODE } from '@/config/constants';
import { useRequest } from '@/hooks/use-request';

export interface HomeData {
  entry: IndexConfigEntry;
  services: CatalogService[];
}

/**
 * The home's configuration for an indexCode: its indexConfig.json entry and the grid's
 * services from serviceCatalog.json, in the grid's order. An unknown indexCode shows the
 * default home rather than nothing. `prefer` picks another entry first (the new-theme home
 * reads the `indexNew` entry unless the indexCode is itself a new-theme one).
 */
async function loadHome(
  indexCode: string,
  prefer?: (config: Record<string, IndexConfigEntry>) => IndexConfigEntry | undefined,
): Promise<HomeData> {
  const [config, catalog] = await Promise.all([getIndexConfig(), getServiceCatalog()]);
  const entry = prefer?.(config) ?? config[indexCode] ?? config[DEFAULT_INDEX_CODE];
  const byCode = new Map(catalog.services.map((s) => [s.code, s]));
  const services = entry.grid.map((code) => byCode.get(code)).filter((s): s is CatalogService => Boolean(s));
  return { entry, services };
}

/**
 * The home's data for an indexCode through useRequest (both homes share it; it lives here so
 * the two home screens share no chunk of their own, decision 0003's file budget).
 */
export function useHomeConfig(
  indexCode: string,
  prefer?: (config: Record<string, IndexConfigEntry>) => IndexConfigEntry | undefined,
) {
  return useRequest(() => loadHome(indexCode, prefer), [indexCode]);
}
